-- The same through a session property the host copies, with string keys.
local t = {}
for i = 1, 50 do t = { a = t, b = t } end
local s = session {}
s.happiness = t
