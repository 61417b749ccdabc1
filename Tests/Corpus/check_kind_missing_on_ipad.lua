-- A per-device kind that gives none for the iPad: show --device ipad would fail.
diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = { iphone = "push" } }
