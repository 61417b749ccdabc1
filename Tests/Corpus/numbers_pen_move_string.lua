diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
feature "f" { draw = function(face, pen)
  pen:move("1e400", 0)
end }
local s = session {}
s:tap("bite")
local svg = s:svg()
