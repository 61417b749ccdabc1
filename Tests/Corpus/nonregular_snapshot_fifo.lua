segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
local s = session {}
s:tap("bite")
s:snapshot("x.svg")
-- A snapshot onto a FIFO: refused, exit 3.
