local s
diagnosis "bite" { happiness = function()
  s:tap("bite")
  return 1
end }
segue "showDiagnosis" { kind = "push" }
s = session {}
s:tap("bite")
