-- fifo (lua-fifo): a queue pushed, popped, peeked and inserted into.
local new = require "fifo" -- the module is its constructor
local q = new(1, 2, 3)
q:push(4)
print(q:pop(), q:peek(), q:length())
q:insert(1, "front")
local all = {}
while q:length() > 0 do all[#all + 1] = tostring(q:pop()) end
print(table.concat(all, ","))
print(pcall(q.pop, q))
