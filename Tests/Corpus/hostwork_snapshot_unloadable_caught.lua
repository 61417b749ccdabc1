-- librsvg unloadable and the snapshot's error caught: nothing is written, and the run still
-- ends with exit 3, as the exit table says.
diagnosis "d" { happiness = 50 }
local s = session {}
s:tap("d")
print(pcall(s.snapshot, s, "face.png"))
print("after")
