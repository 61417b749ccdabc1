-- librsvg unloadable and the snapshot's error not caught: exit 3 at the snapshot's line.
diagnosis "d" { happiness = 50 }
local s = session {}
s:snapshot("face.png")
