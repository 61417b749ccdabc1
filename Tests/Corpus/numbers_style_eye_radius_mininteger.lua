diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
style { eye_radius = math.mininteger, mouth_smile = 1/0 }
