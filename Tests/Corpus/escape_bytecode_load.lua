local f, message = load("\27Lua\84\0", "x", "b")
assert(f == nil)
error(message)
