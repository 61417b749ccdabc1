-- The same with captures: "%1" of an empty capture, many times per match.
local s = ("b"):rep(1e5)
print(#s:gsub("()(a*)", ("%2"):rep(5e6)))
