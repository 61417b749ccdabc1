local ok = string.format("%99d", 1)
local s = string.format("%999999999d", 1)
