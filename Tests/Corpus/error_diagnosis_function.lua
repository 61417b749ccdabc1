diagnosis "bite" { happiness = function(input)
  error("diagnosis failed")
end }
segue "showDiagnosis" { kind = "push" }
