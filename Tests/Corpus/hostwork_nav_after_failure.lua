-- A perform that keeps its nav and then fails: the nav refuses later use (valid only while
-- its perform runs).
local saved
segue_kind "keep" {
  perform = function(nav, scene) saved = nav; error("perform fails") end,
}
segue "go" { kind = "keep", happiness = 50 }
local s = session {}
print(pcall(s.perform, s, "go"))
print(saved:push({ title = "x" }))
