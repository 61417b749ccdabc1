segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- A contact sheet that cannot be written: exit 3 (it was 0), before any face is drawn (issue 36).
