-- A shared table as a built-in diagnosis's input.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "d" { happiness = 50 }
local s = session {}
s:tap("d", { deep = deep })
