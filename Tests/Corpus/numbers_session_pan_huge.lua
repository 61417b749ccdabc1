diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
s:pan(-1e308)
print(s.happiness)
s:pan(math.mininteger)
print(s.happiness)
s:pan(1/0)
