segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return (input.sleep or 5) * 10 end }
-- Ids of 300 (CJK), 240 (4-byte letters) and 300 (é) bytes: names capped at 200 bytes on a character boundary, not "File name too long".
