-- The deadline lands in table.concat of many short strings, which looks at the clock.
local t = {}
for i = 1, 1000000 do t[i] = "ab" end
while true do
  local s = table.concat(t, ",")
end
