-- inspect (lua-inspect): tables shown as text, nested, with metatables and cycles.
local inspect = require "inspect"
print(inspect({ 1, 2, 3, a = { b = { c = "deep" } } }))
local cyclic = { name = "loop" }
cyclic.self = cyclic
print(inspect(cyclic))
print(inspect(setmetatable({ 1 }, { __index = {} })))
print(inspect({ "x", { "y", { "z" } } }, { depth = 2 }))
print(inspect("a\nb\0c"), inspect(1 / 0), inspect(-0.5), inspect(math.maxinteger))
