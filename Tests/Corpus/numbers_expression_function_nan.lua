diagnosis "bite" { happiness = 70,
  expression = function() return { eyes = 0/0 } end }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
