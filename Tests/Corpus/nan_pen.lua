diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
feature "f" { draw = function(face, pen)
  pen:circle(0, 0, 1/0)
end }
s:tap("bite")
local svg = s:svg()
