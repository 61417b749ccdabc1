-- A long set in a frontier, tried at every start.
local set = "[" .. ("a"):rep(1e6) .. "]"
print(string.find(("b"):rep(1e6), "%f" .. set .. "x"))
