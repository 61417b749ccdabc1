segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
-- check agrees with every command: a script that cannot be read is exit 2; the others are still checked.
