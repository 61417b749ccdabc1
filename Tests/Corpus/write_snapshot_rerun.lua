segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
local s = session {}
s:tap("bite")
s:snapshot("sub/x.svg")
s:snapshot("sub/x.svg")
s:snapshot("x.svg")
-- Snapshots replacing their own files (a re-run) go through the folder descriptor and leave no temporary file.
