-- the limit stops the coroutine, then its resumer at its next instruction
local co = coroutine.create(function()
  while true do end
end)
local ok, err = coroutine.resume(co)
error(err, 0)
