diagnosis "bite" { happiness = function()
  local t = {} for i = 1, math.huge do t[i] = tostring(i) end
end }
segue "showDiagnosis" { kind = "push" }
