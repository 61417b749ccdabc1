-- The deadline lands in string.rep, a C call that allocates: the allocator refuses to grow.
local s = ("x"):rep(1000)
while true do
  local u = s:rep(30000)
end
