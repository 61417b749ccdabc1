-- Diagnoses only: the seed's showDiagnosis is built in, so check, show and run all work.
diagnosis "coffee" { happiness = 80 }
diagnosis "tea" { happiness = function(input) return 60 + (input.cups or 0) end, examples = { { cups = 3 } } }
local s = session {}
s:tap("tea", { cups = 2 })
print(s.happiness)
