diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
local t = {}
for i = 1, 1000 do t = { t } end
s:tap("bite", t)
