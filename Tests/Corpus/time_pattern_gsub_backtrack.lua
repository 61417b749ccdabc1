-- gsub retries the backtracking pattern at every one of the subject's starts.
local subject = ("a"):rep(40)
local text, n = subject:gsub(("a?"):rep(40) .. ("a"):rep(40) .. "b", "")
print(n)
