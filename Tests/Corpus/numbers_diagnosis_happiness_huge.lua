diagnosis "bite" { happiness = 2^63 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
