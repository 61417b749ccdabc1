diagnosis "bite" { happiness = 40 }
local saved
segue_kind "fade" { perform = function(nav, scene) saved = nav nav:push(scene) end }
segue "showDiagnosis" { kind = "fade" }
local s = session {}
s:tap("bite")
s:back()
saved:push(saved)
