-- the limit stops the coroutine, then its resumer at its next instruction; the error names
-- the line the coroutine was running when the time ran out (issue 21)
local co = coroutine.create(function()
  while true do end
end)
local ok, err = coroutine.resume(co)
error(err, 0)
