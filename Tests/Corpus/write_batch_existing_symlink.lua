segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- A batch re-run where a face name exists as a symlink: replaced by no path lookup, refused.
