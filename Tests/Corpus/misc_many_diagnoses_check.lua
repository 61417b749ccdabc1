-- 8,000 diagnoses: check taps each on every device and orientation (its walk held to the
-- 30 s the case gives it, as a debug build on a busy machine needs); each was once added
-- and looked up by a search of the ones before it (quadratic: minutes).
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
for i = 1, 8000 do diagnosis("d" .. i) { happiness = i % 100, title = "D " .. i } end
