segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- Batch input: a 3 MB JSON line after two good rows: those are written, the long one is a bad row.
