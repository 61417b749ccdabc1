-- The same through the string metatable's method and string.match.
local subject = ("x"):rep(1e6)
local key, value = subject:match("(x-)=(x-)y")
print(key, value)
