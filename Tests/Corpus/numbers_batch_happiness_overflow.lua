segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" {
  happiness = function(input) return input.turns * 10 end,
  clamp = true, -- 1e20 is drawn at 100; -inf is still refused
}
