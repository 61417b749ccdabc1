diagnosis "sleepy" {
  happiness = function(input)
    return input.sleep.hours * 10 -- sleep is a number here: indexing it fails
  end,
}
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
