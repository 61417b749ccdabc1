diagnosis "deep" { happiness = function(input) return 50 end }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
