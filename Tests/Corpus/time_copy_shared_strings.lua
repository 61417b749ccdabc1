-- No nesting at all: one string shared by a hundred thousand slots (1 TB once copied);
-- a small string and few slots, so a loaded machine still reaches the copy before the
-- time limit.
local big = ("x"):rep(1e7)
local t = {}
for i = 1, 1e5 do t[i] = big end
diagnosis "x" { happiness = 50, title = t }
