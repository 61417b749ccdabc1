segue "showDiagnosis" { kind = "push" }
diagnosis "a" { happiness = "x", title = 5, segue = {}, expression = 7, features = "f", style = true, override = 1, bogus = 1 }
diagnosis "b" { [1] = 2 }
