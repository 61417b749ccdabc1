segue_kind "far" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = { { t = 0, to = { x = 1e9, colour = "red" } }, { t = 1.5 } },
}
segue "go" { kind = "far", happiness = 50 }
