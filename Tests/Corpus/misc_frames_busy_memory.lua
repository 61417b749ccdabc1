-- Ten features of 10,000 circles each (within the stroke caps): every frame of s:frames is a
-- screen of 100,000 strokes, and a thousand were all drawn and held outside both limits.
for i = 1, 10 do
  feature("f" .. i) { draw = function(face, pen) for k = 1, 10000 do pen:circle(0, 0, 0.5) end end }
end
diagnosis "b" { happiness = 60 }
local frames = session {}:frames("b", 1000)
print(#frames)
