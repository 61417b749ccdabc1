-- 8,000 diagnoses: check taps each on every device and orientation, then walks the 16,002
-- screens export would put in its page (held to the 60 s the case gives it, as a debug
-- build on a busy machine needs; a release build takes a few seconds); each was once added
-- and looked up by a search of the ones before it (quadratic: minutes), and export's walk
-- was skipped past 5,000 screens.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
for i = 1, 8000 do diagnosis("d" .. i) { happiness = i % 100, title = "D " .. i } end
