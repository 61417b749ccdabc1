diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
-- -o through /proc/self (a symlink given as the folder, followed once) onto a kernel file.
