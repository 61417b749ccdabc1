-- The same in a function called from a coroutine, with a time limit that is not whole.
local function spin()
  while true do end
end
coroutine.wrap(spin)()
