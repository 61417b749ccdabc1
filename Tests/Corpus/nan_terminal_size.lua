diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
assert(not pcall(s.terminal, s, { columns = 1e300 }))
assert(not pcall(s.terminal, s, { rows = -1/0 }))
local t = s:terminal { columns = 0/0 }
