diagnosis "bite" { happiness = 70, title = "<script>alert('&')</script>\n\255 \0" }
segue "showDiagnosis" { kind = "push" }
