for i = 1, 2000 do segue("seg" .. i) { kind = "push", happiness = 50 } end
local s = session {}
s:perform("nosuch") -- a few segues and how many more
