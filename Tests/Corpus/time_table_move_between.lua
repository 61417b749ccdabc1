-- Into another table, backwards range and a negative start.
local t = table.move({}, -1e15, 1e15, 1, {})
print(#t)
