segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
diagnosis "‮evil" { happiness = 1, title = "x\u{1b}[31m" }
-- Bidi and ESC in names and titles: the list table shows them escaped.
