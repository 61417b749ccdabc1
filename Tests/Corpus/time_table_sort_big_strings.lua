-- Sorting 1,000 references to one 100 MB string: each comparison reads it all.
local s = ("a"):rep(1e8)
local t = {}
for i = 1, 1000 do t[i] = s end
table.sort(t)
