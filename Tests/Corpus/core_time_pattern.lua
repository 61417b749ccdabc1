-- The deadline lands in the pattern matcher (2^30 ways to backtrack), which looks at the clock.
local subject = ("a"):rep(30) .. "b"
print(string.find(subject, ("a*"):rep(30) .. "c"))
