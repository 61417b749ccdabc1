-- The issue's example: a* thirty times before a c that never comes backtracks 2^30 ways.
local subject = ("a"):rep(30) .. "b"
print(string.find(subject, ("a*"):rep(30) .. "c"))
