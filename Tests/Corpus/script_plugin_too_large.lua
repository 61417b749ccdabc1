segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
-- A plugin over the 16 MiB cap on scripts is refused, not read into memory.
