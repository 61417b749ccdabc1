-- Run by every runner of the Lua suite's rows (PsyBench lua-file, lua_file.lua, lua_file.c)
-- before the file: math.randomseed() with no argument seeds from the clock, and math.lua's
-- random section draws until it has seen both ends of the range, 47,000 to 118,000 draws
-- by the seed; under lua5.4 alone a run took 13 to 38 ms/run by the seed. The ratio of two
-- runners seeded apart measured the clock, not the embedding (0.85× one day, 1.25× the
-- next): both sides draw from the same fixed seed now.
local seed = math.randomseed
math.randomseed = function(...)
  if select("#", ...) == 0 then return seed(20261206, 0) end
  return seed(...)
end
