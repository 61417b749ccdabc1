local function nest(n)
  if n == 0 then while true do end end
  return coroutine.wrap(function() nest(n - 1)() end)
end
nest(50)()
