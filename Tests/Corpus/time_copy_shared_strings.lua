-- No nesting at all: one big string shared by ten thousand slots (1 TB once copied);
-- few slots, so a loaded machine still reaches the copy before the time limit.
local big = ("x"):rep(1e8)
local t = {}
for i = 1, 1e4 do t[i] = big end
diagnosis "x" { happiness = 50, title = t }
