local f = coroutine.wrap(function()
  while true do end
end)
f()
