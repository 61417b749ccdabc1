local parts = { "return 1" }
local f, message = load(function() return table.remove(parts) end, "chunk", "b")
assert(f == nil)
error(message, 0)
