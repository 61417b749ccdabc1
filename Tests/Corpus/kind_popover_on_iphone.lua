diagnosis "bite" { happiness = 40 }
segue "showDiagnosis" { kind = "popover" }
