local a, b
a = coroutine.wrap(function() return b() end)
b = coroutine.wrap(function() return a() end)
a()
