segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- Batch input: /dev/zero is one endless line; the 1 MiB cap ends it at row 1 instead of filling memory.
