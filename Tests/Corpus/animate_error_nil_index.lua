segue_kind "broken" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t, from, to)
    return { x = from.nothing.width }, {}
  end,
}
segue "go" { kind = "broken", happiness = 50 }
