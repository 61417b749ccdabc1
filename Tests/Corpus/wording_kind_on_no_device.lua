segue_kind "never" { devices = {}, perform = function(nav, scene) nav:present(scene) end }
segue "dream" { kind = "never", happiness = 95 }
