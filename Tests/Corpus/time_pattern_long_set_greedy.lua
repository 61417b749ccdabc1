-- A long set that matches, repeated: the greedy loop tests it per character.
local set = "[" .. ("a"):rep(1e6) .. "b]"
print(string.find(("b"):rep(1e5), set .. "+c"))
