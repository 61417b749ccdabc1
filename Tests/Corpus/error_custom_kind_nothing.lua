diagnosis "bite" { happiness = 40 }
segue_kind "fade" { perform = function(nav, scene) end }
segue "showDiagnosis" { kind = "fade" }
