diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
segue "p" { kind = "popover", happiness = 1, size = { width = 1e300, height = 10 } }
