segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
-- -o onto a symlink: refused, nothing written where it points.
