-- `lua5.4 bench/lua_file.lua FILE N`: runs a Lua file N times, compiled each time, with
-- the flags Lua 5.4's suite driver (all.lua) sets: the baseline of `PsyBench lua-file`.
local file, count = arg[1], tonumber(arg[2]) or 1
_port, _soft, _nomsg = true, true, true
dofile("Benchmarks/fixed_seed.lua")
for _ = 1, count do
  assert(loadfile(file))()
end
