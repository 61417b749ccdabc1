-- A custom kind whose perform fails in landscape only.
segue_kind "slide" {
  perform = function(nav, scene)
    assert(nav.orientation == "portrait", "slide cannot run sideways")
    nav:present(scene)
  end,
}
segue "film" { kind = "slide", happiness = 40 }
