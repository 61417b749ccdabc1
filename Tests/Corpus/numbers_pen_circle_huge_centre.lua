diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
feature "f" { draw = function(face, pen)
  pen:circle(2^63, 0, 1)
end }
local s = session {}
s:tap("bite")
print(s:terminal { columns = 1000, rows = 500 })
