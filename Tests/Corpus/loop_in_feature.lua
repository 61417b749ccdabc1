diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
feature "spin" { draw = function(face, pen)
  while true do end
end }
s:tap("bite")
s:svg()
