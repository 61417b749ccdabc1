diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
assert(not pcall(s.tap, s))
assert(not pcall(s.tap, 42, "bite"))
assert(not pcall(s.snapshot, s, {}))
assert(not pcall(s.terminal, s, "wide"))
s:pan({})
