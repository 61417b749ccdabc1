diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
segue_kind "pop" { perform = function(nav, scene)
  nav:popover(scene, { width = 1e300, height = 100 })
end }
segue "p" { kind = "pop", happiness = 50 }
local s = session { device = "ipad" }
s:perform("p")
print(s:terminal { screen = true })
