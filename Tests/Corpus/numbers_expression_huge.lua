diagnosis "bite" { happiness = 70, expression = { mouth = 1e308 } }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
