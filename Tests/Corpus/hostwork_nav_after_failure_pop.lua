-- The kept nav's pop, after a perform that navigated and then failed.
local saved
segue_kind "keep" {
  perform = function(nav, scene) saved = nav; nav:push(scene); error("perform fails") end,
}
segue "go" { kind = "keep", happiness = 50 }
local s = session {}
print(pcall(s.perform, s, "go"))
print(saved:pop())
