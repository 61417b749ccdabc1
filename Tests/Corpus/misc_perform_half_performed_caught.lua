segue_kind "twice" { perform = function(nav, scene) nav:present(scene); nav:popover(scene) end }
segue "broken" { kind = "twice", happiness = 20 }
local s = session {}
print(pcall(s.perform, s, "broken")) -- no popover on an iPhone: fails after the present showed
error("after: " .. s.scene .. ", depth " .. #s.stack)
