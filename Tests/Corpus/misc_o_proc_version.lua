diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
-- -o onto a kernel file: procfs takes no temporary file beside it; the message blames the folder, not a missing file.
