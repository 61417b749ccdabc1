diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
s.scale = 1e-320
print(s:terminal()) print(s:svg())
s.scale = -0.0
