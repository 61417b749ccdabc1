local parts = { "\27Lua\84\0" }
local f, message = load(function() return table.remove(parts) end, "chunk", "bt")
assert(f == nil)
error(message)
