segue "showDiagnosis" { kind = "push" }
diagnosis "b" { happiness = 0/0 }
diagnosis "c" { happiness = 1/0 }
