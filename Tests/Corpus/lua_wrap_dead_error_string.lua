local f = coroutine.wrap(function() error("first") end)
assert(not pcall(f))
f()
