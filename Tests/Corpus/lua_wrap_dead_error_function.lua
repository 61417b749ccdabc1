local f = coroutine.wrap(function() error(function() print("zombie") return "zombie" end) end)
pcall(f)
print(f())
