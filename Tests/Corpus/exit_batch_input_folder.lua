segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- An input path that is a folder: exit 2 (it was 0, "Is a directory").
