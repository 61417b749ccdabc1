diagnosis "bite" { happiness = 70 }
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local s = session {}
s:tap("bite")
for _, f in ipairs {
  function() s:pan(0/0) end, function() s:pan(-1/0) end,
  function() s:pinch(0/0) end, function() s:pinch(1/0) end, function() s:pinch(0) end,
  function() s.happiness = 0/0 end, function() s.happiness = 1/0 end,
  function() s.scale = 0/0 end, function() s.scale = -1/0 end,
} do
  local ok, message = pcall(f)
  assert(not ok)
  print(message)
end
assert(s.happiness == 70 and s.scale == 0.9)
s:pinch(0/0)
