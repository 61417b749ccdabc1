segue_kind "jumpy" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = { { t = 0.5, to = { x = 10 } }, { t = 0.2 } },
}
segue "go" { kind = "jumpy", happiness = 50 }
