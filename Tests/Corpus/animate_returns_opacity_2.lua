segue_kind "bright" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t) return {}, { opacity = 1 + t, y = 1e300 } end,
}
segue "go" { kind = "bright", happiness = 50 }
