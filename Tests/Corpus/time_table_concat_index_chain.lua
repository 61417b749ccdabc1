-- Each element read through a chain of 1,990 __index tables: 2,000 lookups per element,
-- and concat of empty strings never grows its buffer (nothing for the allocator to refuse).
local base = {}
for i = 1, 1e6 do base[i] = "" end
local t = base
for i = 1, 1990 do t = setmetatable({}, { __index = t }) end
print(#table.concat(t, "", 1, 1e6))
