diagnosis "stuck" {
  happiness = function(input)
    while input.forever do end
    return 50
  end,
}
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
