diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
feature "f" { draw = function(face, pen)
  local turns = 2^63
  for i = 1, 3 do pen:arc(0, 0, 0.5, 0, 2 * math.pi * turns) end
end }
local s = session {}
s:tap("bite")
local svg = s:svg()
