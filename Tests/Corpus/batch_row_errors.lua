-- Batch: a diagnosis function that chokes on some rows; the others must still be written.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" {
  happiness = function(input)
    if input.sleep == nil then error("no sleep field") end
    if input.sleep < 0 then error("negative sleep") end
    return 10 * input.sleep
  end,
}
