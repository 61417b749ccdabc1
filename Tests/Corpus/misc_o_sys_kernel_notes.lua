diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
-- -o onto a sysfs file: sysfs refuses new files even to root (EACCES, or EROFS in containers).
