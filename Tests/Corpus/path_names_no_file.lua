diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
assert(not pcall(s.snapshot, s, ""))
assert(not pcall(s.snapshot, s, "."))
assert(not pcall(s.snapshot, s, "x.svg/"))
s:snapshot("sub/")
