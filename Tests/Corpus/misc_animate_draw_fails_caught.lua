feature "spoilt" { draw = function() error("spoilt") end }
diagnosis "e" { happiness = 70, features = { "spoilt" } }
local s = session {}
print(pcall(s.animate, s, "e")) -- the tap stood, its drawing failed: both undone
error("after: " .. s.scene .. ", depth " .. #s.stack .. ", diagnosis " .. tostring(s.diagnosis))
