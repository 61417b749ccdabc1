-- Millions of numbers: n log n comparisons in one C call.
local t = {}
for i = 1, 6e6 do t[i] = (i * 7919) % 1000003 end
table.sort(t, nil)
