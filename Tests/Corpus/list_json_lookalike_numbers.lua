diagnosis "d" { title = "+1", happiness = 5 }
segue "showDiagnosis" { kind = "push", title = ".5" }
segue "x" { kind = "push", title = "0x10" }
diagnosis "e" { title = "1e5\n\0\255" }
