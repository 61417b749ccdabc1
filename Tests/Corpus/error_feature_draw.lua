diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
feature "hat" { draw = function(face, pen)
  local x = face.nothing + 1
end }
