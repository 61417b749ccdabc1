segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- Batch input: a CSV whose header never ends is an input that cannot be read (exit 2).
