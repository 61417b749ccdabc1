-- Batch --fail-fast with two workers: row 3 is slow and bad, row 5 fast and bad and fails
-- first; the first bad row in input order (3) is the one reported, and only rows 1-2 drawn.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" {
  happiness = function(input)
    if input.slow then local t = os.clock() while os.clock() - t < input.slow do end end
    if input.bad then error("bad row " .. input.id) end
    return 50
  end,
}
