diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
s:snapshot("one.svg")
s:pan(-40)
s:snapshot("sub/two.svg")
error("after two snapshots")
