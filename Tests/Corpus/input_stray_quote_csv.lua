segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- Batch input: one stray quote, then 5 MB of lines: read linearly (it took 37 s), stopped at the 1 MiB cap.
