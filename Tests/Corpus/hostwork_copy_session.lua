-- session{…} holding the shared table.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "d" { happiness = 50 }
local s = session { device = "ipad", deep = deep }
