-- 8,000 diagnoses: check taps each on every device and orientation; each was once added
-- and looked up by a search of the ones before it (quadratic: minutes).
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
for i = 1, 8000 do diagnosis("d" .. i) { happiness = i % 100, title = "D " .. i } end
