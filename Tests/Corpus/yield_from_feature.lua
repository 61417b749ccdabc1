diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
feature "f" { draw = function(face, pen)
  coroutine.yield()
end }
s:tap("bite")
coroutine.wrap(function() s:svg() end)()
