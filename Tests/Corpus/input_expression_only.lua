diagnosis "eyes" {
  expression = function(input) return { eyes = input.open } end,
}
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
