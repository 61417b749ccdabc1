diagnosis "bite" { happiness = function()
  coroutine.yield(1)
  return 5
end }
segue "showDiagnosis" { kind = "push" }
local s = session {}
local tap = coroutine.wrap(function() s:tap("bite") end)
tap()
