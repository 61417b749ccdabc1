-- Batch: rows that loop for ever each cost the whole time limit; three in a row stop the
-- batch (the rows after would likely do the same) unless --keep-going.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" {
  happiness = function(input)
    while input.loop do end
    return 50
  end,
}
