diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
segue "p" { kind = "push", happiness = function() return -1/0 end }
local s = session {}
s:perform("p")
