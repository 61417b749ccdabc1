-- Millions of numbers: n log n comparisons in one C call. The array is built by doubling
-- with table.move (C), so even a loaded machine spends the second in the sort.
local t = {}
for i = 1, 1000 do t[i] = (i * 7919) % 1000003 end
while #t < 6e6 do table.move(t, 1, #t, #t + 1) end
for i = 1, #t, 997 do t[i] = i end
table.sort(t, nil)
