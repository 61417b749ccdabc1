for i = 1, 3 do diagnosis(string.rep("n", 10000) .. i) { happiness = 50 } end
local s = session {}
s:tap("x") -- each 10,000-letter name is cut to its two ends
