segue_kind "broken" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t, from, to)
    error("the animation broke at " .. t)
  end,
}
segue "go" { kind = "broken", happiness = 50 }
