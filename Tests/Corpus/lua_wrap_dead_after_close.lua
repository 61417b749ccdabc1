local f = coroutine.wrap(function()
  local x <close> = setmetatable({}, { __close = function() end })
  error(setmetatable({}, { __call = function() return "zombie" end }))
end)
for _ = 1, 3 do pcall(f) end
f()
