segue_kind "k1" { perform = 5, devices = "ipad" }
segue_kind "push" { perform = function() end, devices = { "tv" } }
segue_kind "k2" {}
feature "f1" { draw = "x", everywhere = "yes" }
feature "f2" (5)
