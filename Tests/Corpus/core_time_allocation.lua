-- The deadline lands in string.upper, which only looks at the clock by allocating: its
-- result (30 MB) is refused, a memory error that is the time limit's.
local big = ("abc"):rep(10 << 20)
while true do
  local u = big:upper()
end
