diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
feature "hat" { draw = function(face, pen)
  pen:move(0, 0)
  pen:line(1, 0/0)
end }
