segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
local s = session {}
s:tap("bite")
s:snapshot("alias/x.svg")
-- A symlink inside the output folder is never followed, even one that points inside it.
