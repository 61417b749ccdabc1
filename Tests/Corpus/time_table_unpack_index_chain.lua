-- unpack of a million elements through the same chain of __index tables.
local base = {}
for i = 1, 1e6 do base[i] = 0 end
local t = base
for i = 1, 1990 do t = setmetatable({}, { __index = t }) end
print(select("#", table.unpack(t, 1, 999000)))
