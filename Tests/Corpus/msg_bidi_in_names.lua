segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
diagnosis "‮evil\u{2066}" { happiness = 1, title = "\u{200f}t" }
-- Bidi characters in declared names and titles: list --json escapes them (\u202e), valid JSON.
