local t = {}
t.self = t
diagnosis "bite" { expression = function() return t end }
segue "showDiagnosis" { kind = "push" }
