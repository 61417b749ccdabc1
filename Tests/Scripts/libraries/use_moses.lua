-- Moses (lua-moses): functional operations on arrays and tables.
local M = require "moses"
local t = { 5, 3, 8, 1 }
print(table.concat(M.sort(M.clone(t)), ","), M.sum(t), M.max(t), M.min(t))
print(table.concat(M.map(t, function(v) return v * 2 end), ","))
print(table.concat(M.filter(t, function(v) return v > 2 end), ","))
print(M.reduce(t, function(a, b) return a + b end), M.count(t, 3), M.size(t))
print(table.concat(M.range(1, 10, 3), ","), table.concat(M.flatten({ 1, { 2, { 3 } } }), ","))
print(table.concat(M.zip({ 1, 2 }, { "a", "b" })[2], ","), M.isArray(t), M.isEmpty({}))
print(table.concat(M.uniq({ 1, 1, 2, 3, 3 }), ","), table.concat(M.reverse(t), ","))
