for i = 1, 2000 do diagnosis("d" .. i) { happiness = i % 100 } end
local s = session {}
s:tap("nosuch") -- the message names a few buttons and counts the rest, not all 2,000
