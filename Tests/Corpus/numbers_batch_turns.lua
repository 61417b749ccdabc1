segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local turns = 0
diagnosis "mood" {
  happiness = function(input) turns = input.turns; return 50 end,
}
feature "spiral" { everywhere = true, draw = function(face, pen)
  pen:arc(0, 0, 0.5, 0, 2 * math.pi * turns)
end }
