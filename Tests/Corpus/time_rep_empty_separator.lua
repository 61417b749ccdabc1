-- The same with an empty separator, and a huge count that is not an integer-valued float.
local a = string.rep("", 1e15, "")
local b = ("").rep("", math.maxinteger)
print("lengths " .. #a .. " " .. #b)
