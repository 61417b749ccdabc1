-- A plain find is quadratic too: memchr finds an "a" everywhere, memcmp runs 10^5 each.
local subject = ("a"):rep(1e8)
print(subject:find(("a"):rep(1e5) .. "b", 1, true))
