-- The same backtracking pattern inside a coroutine: the check reaches any thread.
local co = coroutine.wrap(function()
  return string.find(("a"):rep(30) .. "b", ("a*"):rep(30) .. "c")
end)
print(co())
