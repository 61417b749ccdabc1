-- A segue_kind limited to the iPad, used by a segue on every device.
segue_kind "swap" { devices = { "ipad" }, perform = function(nav, scene) nav:replace(scene) end }
segue "swapper" { kind = "swap", happiness = 45 }
