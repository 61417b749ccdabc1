segue "showDiagnosis" { kind = "push" }
diagnosis "bite" { happiness = 70,
  title = "Bite"
