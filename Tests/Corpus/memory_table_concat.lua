local parts = {}
for i = 1, 1e6 do parts[i] = "0123456789abcdef" end
local s = table.concat(parts, table.concat(parts))
