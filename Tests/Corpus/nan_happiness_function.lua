diagnosis "bite" { happiness = function() return 0/0 end }
segue "showDiagnosis" { kind = "push" }
