diagnosis "bite" { happiness = function()
  coroutine.yield(1)
  return 5
end }
segue "showDiagnosis" { kind = "push" }
