-- remove shifts down from the front of a table whose __len is huge.
local t = setmetatable({}, { __len = function() return math.maxinteger // 2 end })
print(table.remove(t, 1))
