-- No nesting at all: one big string shared by a million slots (100 TB once copied).
local big = ("x"):rep(1e8)
local t = {}
for i = 1, 1e6 do t[i] = big end
diagnosis "x" { happiness = 50, title = t }
