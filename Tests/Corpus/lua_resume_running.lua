local co
co = coroutine.create(function()
  local ok, message = coroutine.resume(co)
  error(message)
end)
local ok, message = coroutine.resume(co)
error(message, 0)
