segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- --sheet - writes the contact sheet to standard output on purpose.
