-- "Did you mean" on a 20,000-letter name against 2,000 names.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
for i = 1, 2000 do diagnosis("name" .. i) { happiness = 50 } end
local s = session {}
s:tap(("n"):rep(20000))
