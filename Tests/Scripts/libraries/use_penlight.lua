-- Penlight (lua-penlight): pretty, List, stringx, tablex, seq, class, OrderedMap, Set.
-- Penlight reads io.stdout and requires debug when it loads; the sandbox has neither
-- (README, Safety: io, debug), so stand-ins take their place there and nowhere else.
io = io or { stdout = {}, stderr = {}, write = function() end }
package.loaded.debug = package.loaded.debug or {}
local pretty = require "pl.pretty"
local List = require "pl.List"
local stringx = require "pl.stringx"
local tablex = require "pl.tablex"
local seq = require "pl.seq"
local class = require "pl.class"
local OrderedMap = require "pl.OrderedMap"
local Set = require "pl.Set"
print(pretty.write({ 1, 2, { a = "x", b = { true, false } } }, ""))
print(pretty.write({ list = { 1, 2, 3 }, nested = { deeper = { "s" } } }))
local l = List { 3, 1, 2 }
l:sort()
print(l, l:map(function(x) return x * 10 end), l:reduce "+", l:slice(2, 3))
print(stringx.split("a,b,,c", ","), stringx.strip "  hi  ", stringx.startswith("hello", "he"))
print(stringx.replace("a-b-c", "-", "+"), stringx.count("banana", "an"), ("x"):rep(3))
print(pretty.write(tablex.keys { x = 1 }, ""), tablex.deepcompare({ 1, { 2 } }, { 1, { 2 } }))
print(pretty.write(tablex.map(function(v) return v * v end, { 1, 2, 3 }), ""))
print(seq.sum(seq.range(1, 100)), seq.count({ 1, 5, 2, 7 }, function(x) return x > 2 end), seq.minmax { 4, 2, 9 })
local Animal = class()
function Animal:_init(name) self.name = name end
function Animal:__tostring() return "Animal(" .. self.name .. ")" end
local Cat = class(Animal)
function Cat:speak() return self.name .. " says meow" end
print(Animal "dog", Cat "tom", Cat("tom"):speak(), Cat:class_of(Cat "x"))
local m = OrderedMap()
m:set("z", 1) m:set("a", 2) m:set("m", 3)
print(m, pretty.write(m:keys(), ""))
print(Set { 1, 2 } + Set { 2, 3 } == Set { 1, 2, 3 }, #(Set { 1, 2, 3 } * Set { 2, 3, 4 }))
print(select(2, pcall(require, "pl.nonexistent")) ~= nil)
-- require "pl" is pl/init.lua (lua5.4's ./?/init.lua): it puts Penlight's modules in _G.
require "pl"
print(List { 1, 2 }, stringx.split "a b", tablex.size { x = 1, y = 2 })
