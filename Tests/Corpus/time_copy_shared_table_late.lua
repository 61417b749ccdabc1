-- The copy starts just before the deadline: the time limit must stop it half way.
local t = {}
for i = 1, 60 do t = { t, t, "some text" } end
local s, start = session {}, os.clock()
while os.clock() - start < 0.9 do end s.happiness = t
