-- A __len that claims 10^15 elements: insert shifts every one of them.
local t = setmetatable({}, { __len = function() return 1e15 end })
table.insert(t, 1, "first")
