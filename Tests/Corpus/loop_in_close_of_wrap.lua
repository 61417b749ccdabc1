local f = coroutine.wrap(function()
  local x <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end)
print(pcall(f))
