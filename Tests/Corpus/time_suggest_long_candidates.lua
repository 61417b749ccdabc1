-- Long names on both sides, within two edits of each other.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
for i = 1, 300 do diagnosis(("d"):rep(3000) .. i) { happiness = 50 } end
local s = session {}
s:tap(("d"):rep(3000) .. "x")
