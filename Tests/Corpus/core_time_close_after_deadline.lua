-- The deadline's error runs a __close method on its way out; it meets the time limit too
-- (with the same words) when it calls back into a coroutine.
local co = coroutine.create(function() coroutine.yield() end)
coroutine.resume(co)
do
  local x <close> = setmetatable({}, { __close = function() coroutine.close(co) end })
  while true do end
end
