diagnosis "bite" { happiness = 40 }
segue "showDiagnosis" {
  kind = { iphone = "replace", ipad = "replace" },
}
