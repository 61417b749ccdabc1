diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
for i = 1, 20 do feature("f" .. i) { draw = function(face, pen)
  for j = 1, 5000 do pen:circle(0, 0, 0.5) end
end } end
local s = session {}
s:tap("bite")
print(#s:terminal())
