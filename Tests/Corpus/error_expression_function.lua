diagnosis "bite" { expression = function() return { mouth = 7 } end }
segue "showDiagnosis" { kind = "push" }
