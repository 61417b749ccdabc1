local s = string.rep("x", 1000)
while true do
  local u = s:rep(3000)
end
-- The deadline lands inside string.rep.
