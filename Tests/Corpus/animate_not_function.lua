segue_kind "five" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = 5,
}
segue "go" { kind = "five", happiness = 50 }
