segue_kind "half" { perform = function(nav, scene) nav:present(scene); error("boom") end }
segue "broken" { kind = "half", happiness = 20 }
diagnosis "d" { happiness = 5, segue = "broken" }
local s = session {}
print(pcall(s.tap, s, "d")) -- the kind presented, then failed: the tap is undone whole
error("after: " .. s.scene .. ", depth " .. #s.stack .. ", diagnosis " .. tostring(s.diagnosis))
