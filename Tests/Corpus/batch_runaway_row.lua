-- Batch: one row loops for ever; the time limit stops that row, the rest complete.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" {
  happiness = function(input)
    while input.sleep == -1 do end
    return 50
  end,
}
