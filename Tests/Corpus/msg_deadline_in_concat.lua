local t = {}
for i = 1, 200000 do t[i] = "abcdefghij" end
while true do
  local s = table.concat(t)
end
-- The deadline lands inside table.concat: a time limit with file:line, not a bare "not enough memory".
