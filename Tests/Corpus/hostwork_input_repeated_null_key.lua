-- show --input with a key given twice in its JSON object: a usage error.
diagnosis "mood" { happiness = function(input) return 40 + (input.a or 0) end }
