-- Ten features of 1,000 circles each: every frame of s:frames is a screen of 10,000 strokes,
-- and a thousand frames are long host work, which must end at the time limit. (Few strokes
-- for Lua to make, so a loaded machine is still in the frames, not the features, at 1 s.)
for i = 1, 10 do
  feature("f" .. i) { draw = function(face, pen) for k = 1, 1000 do pen:circle(0, 0, 0.5) end end }
end
diagnosis "b" { happiness = 60 }
local frames = session {}:frames("b", 1000)
print(#frames)
