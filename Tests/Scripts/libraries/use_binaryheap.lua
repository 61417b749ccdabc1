-- binaryheap (lua-binaryheap): a min-heap and a max-heap of numbers, and one with payloads.
local binaryheap = require "binaryheap"
local h = binaryheap.minUnique()
for i, v in ipairs { 5, 3, 8, 1, 9, 2 } do h:insert(v, "p" .. i) end
local out = {}
while h:peek() do local payload, value = h:pop() out[#out + 1] = value .. "=" .. payload end
print(table.concat(out, " "))
local max = binaryheap.maxUnique()
for i = 1, 10 do max:insert((i * 37) % 11, i) end
print(max:peekValue(), max:size())
