-- Linear, but long: one gsub over 100 MB that builds nothing (no allocation to refuse).
local subject = ("a"):rep(1e8)
print((subject:gsub(".", "")))
