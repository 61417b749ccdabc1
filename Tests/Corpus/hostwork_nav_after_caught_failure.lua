-- The nav kept by a perform whose failure a tap inside pcall caught, used from a later
-- perform of another kind.
local saved
segue_kind "keep" {
  perform = function(nav, scene) saved = nav; error("perform fails") end,
}
segue_kind "use" { perform = function(nav, scene) nav:push(scene); saved:present(scene) end }
segue "go" { kind = "keep", happiness = 50 }
segue "again" { kind = "use", happiness = 50 }
local s = session {}
pcall(s.perform, s, "go")
s:perform("again")
