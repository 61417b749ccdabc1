-- s:svg's options holding the shared table.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "d" { happiness = 50 }
local s = session {}
s:tap("d")
print(#s:svg { screen = true, deep = deep })
