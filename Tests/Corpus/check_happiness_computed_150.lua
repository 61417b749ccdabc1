-- A computed happiness of 150 is an error like a literal 150 (not clamped to 100).
diagnosis "elated" { happiness = function(input) return 150 end }
