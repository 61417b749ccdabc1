-- A long set in a frontier, tried at every start: one map lookup per test, so it ends at
-- once with no match.
local set = "[" .. ("a"):rep(1e6) .. "]"
print(string.find(("b"):rep(1e6), "%f" .. set .. "x"))
