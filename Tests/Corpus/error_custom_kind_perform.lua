diagnosis "bite" { happiness = 40 }
segue_kind "fade" { perform = function(nav, scene)
  nav:present(scene)
  error("the fade broke")
end }
segue "showDiagnosis" { kind = "fade" }
