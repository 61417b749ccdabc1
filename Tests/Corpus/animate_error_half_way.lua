segue_kind "broken" {
  perform = function(nav, scene) nav:present(scene) end,
  animate = function(t, from, to)
    if t > 0.5 then error({}) end
    return {}, { y = (1 - t) * to.height }
  end,
}
segue "go" { kind = "broken", happiness = 50 }
