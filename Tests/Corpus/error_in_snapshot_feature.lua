diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
s:snapshot("one.svg")
s:snapshot("two.svg")
feature "late" { draw = function()
  error("breaks the third")
end }
s:snapshot("three.svg")
