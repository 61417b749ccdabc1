-- A plain find of a long needle: linear (memmem, a window at a time with a look at the
-- clock between two), where a memchr-and-memcmp search took 10^13 steps. It ends well
-- inside its limit with no match.
local subject = ("a"):rep(1e8)
print(subject:find(("a"):rep(1e5) .. "b", 1, true))
