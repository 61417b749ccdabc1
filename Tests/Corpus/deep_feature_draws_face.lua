diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
feature "mirror" { draw = function(face, pen)
  s:svg()
end }
s:tap("bite")
s:svg()
