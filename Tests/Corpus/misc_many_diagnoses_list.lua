-- 20,000 diagnoses listed as JSON: declaring is linear.
for i = 1, 20000 do diagnosis("d" .. i) { happiness = i % 100 } end
