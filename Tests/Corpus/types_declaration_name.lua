diagnosis "ok" {}
diagnosis(nil) { happiness = 5 }
