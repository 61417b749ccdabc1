-- A set of a million characters: every character tested scans the whole set.
local set = "[" .. ("a"):rep(1e6) .. "]"
print(string.find(("b"):rep(1e6), set .. "*c"))
