diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
s:snapshot("one.png")
s:snapshot("sub/TWO.PNG", { screen = true })
error("after two png snapshots")
