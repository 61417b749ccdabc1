diagnosis "bite" { happiness = function()
  while true do end
end }
segue "showDiagnosis" { kind = "push" }
