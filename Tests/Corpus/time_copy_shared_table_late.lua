-- The copy starts just before the deadline, with memory to spare (--memory-limit 1024):
-- the time limit must stop the copy half way, in Swift, where no Lua hook runs.
local t = {}
for i = 1, 60 do t = { t, t, "some text" } end
local start = os.clock()
while os.clock() - start < 0.5 do end diagnosis "x" { happiness = 50, title = t }
