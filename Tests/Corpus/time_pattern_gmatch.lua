-- gmatch: the iterator runs the whole quadratic search in one call.
local subject = ("a"):rep(1e6)
for word in subject:gmatch("a-b") do print(word) end
