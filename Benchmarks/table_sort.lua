-- table.sort's two workloads (scripts/bench, group "tables"): MODE = "numbers" sorts N
-- random floats by the default order; MODE = "strings" sorts N random strings with an order
-- function written in Lua. The driver prepends MODE and N; only the sort is timed
-- (os.clock), and the result is checked after.
math.randomseed(7)
local t = {}
if MODE == "numbers" then
  for i = 1, N do t[i] = math.random() end
else
  for i = 1, N do t[i] = string.format("%09d:%d", math.random(0, 999999999), i) end
end
local order = MODE == "strings" and function(a, b) return a < b end or nil
local started = os.clock()
table.sort(t, order)
local seconds = os.clock() - started
for i = 2, N do assert(not (t[i] < t[i - 1]), "not sorted") end
print(string.format("sort: %.6f s", seconds))
