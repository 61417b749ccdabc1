segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
-- -o - writes to standard output on purpose.
