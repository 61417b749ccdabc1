-- A set of a million characters: compiled once into a 256-bit map, so testing a
-- character costs one lookup however long the set is written (lstrlib scanned the whole
-- set per character tested, for hours): this ends at once with no match.
local set = "[" .. ("a"):rep(1e6) .. "]"
print(string.find(("b"):rep(1e6), set .. "*c"))
