segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return input.sleep * 10 end }
-- A row id with a bidi override and ESC in a batch error: escaped.
