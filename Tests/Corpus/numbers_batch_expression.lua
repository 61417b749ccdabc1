segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = 50,
  expression = function(input) return { eyes = input.turns } end,
}
