diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx)
  return ctx.nope.x
end }
local s = session {}
s:tap("bite")
