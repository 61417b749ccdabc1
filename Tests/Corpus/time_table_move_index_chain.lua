-- move reads its source through the chain, in C, for a million elements.
local base = {}
for i = 1, 1e6 do base[i] = 0 end
local t = base
for i = 1, 1990 do t = setmetatable({}, { __index = t }) end
print(#table.move(t, 1, 1e6, 1, {}))
