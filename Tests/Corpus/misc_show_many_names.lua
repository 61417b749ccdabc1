-- show of a name the script lacks, among 3,000 diagnoses
for i = 1, 3000 do diagnosis("d" .. i) { happiness = i % 100 } end
