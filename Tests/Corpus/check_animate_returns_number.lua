segue_kind "odd" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t) return 3 end,
}
segue "go" { kind = "odd", happiness = 50 }
