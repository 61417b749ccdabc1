-- 3,000 features, each listed by one of 3,000 diagnoses, and a duplicate at the end: whether
-- a feature goes on every face is no search of every diagnosis per feature.
for i = 1, 3000 do feature("f" .. i) { draw = function() end } end
for i = 1, 3000 do diagnosis("d" .. i) { happiness = 50, features = { "f" .. i } } end
diagnosis "d3000" { happiness = 60 }
