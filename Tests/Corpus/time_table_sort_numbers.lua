-- Twelve million numbers: n log n comparisons in one C call, in a diagnosis's function, whose
-- call has a time limit of its own. The array is built before, mostly in C (doubled with
-- table.move), so even a loaded machine spends the limit in the sort.
local t = {}
for i = 1, 1000 do t[i] = (i * 7919) % 1000003 end
while #t < 1.2e7 do table.move(t, 1, #t, #t + 1) end
diagnosis "sorted" { happiness = function() table.sort(t, nil) return 50 end }
