-- Fine at the start, broken from three quarters on: check samples the whole range.
segue_kind "late" {
  perform = function(nav, scene) nav:present(scene) end,
  animate = function(t, from, to)
    if t >= 0.75 then return {}, { y = to.height * nil } end
    return {}, { y = (1 - t) * to.height }
  end,
}
segue "go" { kind = "late", happiness = 50 }
