diagnosis "bite" { happiness = 70,
  expression = function() return { brows = 2^63 } end }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
