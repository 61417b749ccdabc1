-- A style holding the shared table.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
style { color = "blue", deep = deep }
diagnosis "d" { happiness = 50 }
