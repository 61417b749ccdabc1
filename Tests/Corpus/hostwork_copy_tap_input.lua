-- A shared table as a tap's input: copied once for the host, then again for Lua.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "d" { happiness = function(input) return 50 end }
local s = session {}
s:tap("d", deep)
