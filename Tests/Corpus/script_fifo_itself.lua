segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
-- The script itself a FIFO: refused, no hang.
