segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
local s = session {}
s:tap("bite")
local ok, err = pcall(s.snapshot, s, "x.svg")
print("caught", ok)
-- A snapshot not written is exit 3 even when the script catches the error and ends well.
