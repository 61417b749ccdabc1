diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
-- root writes anywhere chmod allows; sysfs refuses new files even to root
s:snapshot("x.svg")
