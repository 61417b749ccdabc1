diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
-- strokes live in Swift, outside the Lua cap: thousands of features must not add up
for i = 1, 2000 do
  feature("f" .. i) { draw = function(face, pen) for j = 1, 10000 do pen:circle(0, 0, 0.5) end end }
end
s:tap("bite")
local svg = s:svg()
