-- A Lua-heavy workload for scripts/bench: loops, table inserts and string building, run
-- once under plain lua5.4 and once under LuaHost (psychologist run, limits on). scripts/bench
-- prepends `N = <size>`.
local n = N or 100000
local total = 0
for round = 1, 4 do
  local t = {}
  for i = 1, n do
    t[#t + 1] = i * round
  end
  for i = 1, #t do total = total + t[i] % 7 end
  local parts = {}
  for i = 1, n // 4 do
    parts[#parts + 1] = string.format("%d:%s", i, tostring(i * 3))
  end
  local s = table.concat(parts, ",")
  total = total + #s
  local words = {}
  for w in s:gmatch("[^,]+") do
    words[w] = (words[w] or 0) + 1
  end
  local keys = 0
  for _ in pairs(words) do keys = keys + 1 end
  total = total + keys
end
print(total)
