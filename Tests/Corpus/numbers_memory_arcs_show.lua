diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
feature "f" { draw = function(face, pen)
  for j = 1, 10000 do pen:arc(0, 0, 0.5, 0, 6.28) end
end }
