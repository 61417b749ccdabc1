local co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)
print(coroutine.resume(co)) -- the resumer stops at its next instruction
print(coroutine.close(co))
