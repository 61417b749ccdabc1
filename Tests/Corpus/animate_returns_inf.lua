segue_kind "huge" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t) return { x = 1 / 0 }, nil end,
}
segue "go" { kind = "huge", happiness = 50 }
