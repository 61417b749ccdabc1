segue_kind "nan" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t) return {}, { scale = 0 / 0 } end,
}
segue "go" { kind = "nan", happiness = 50 }
