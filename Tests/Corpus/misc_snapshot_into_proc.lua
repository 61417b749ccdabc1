diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
-- --output-dir /proc: the snapshot's name is new, and procfs makes no files
s:snapshot("x.svg")
