diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
feature "f" { draw = function(face, pen)
  pen:move(0, 0)
  pen:line(1e300, 1e300)
end }
local s = session {}
s:tap("bite")
print(s:terminal())
