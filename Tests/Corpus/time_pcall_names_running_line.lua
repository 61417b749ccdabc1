-- The time limit fires in spin, inside a pcall that catches it; the hook raises again
-- where the pcall returns. The error must name line 4, where the time ran out.
local function spin()
  while true do end
end
for _ = 1, 1e9 do pcall(spin) end
