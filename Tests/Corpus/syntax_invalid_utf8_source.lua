local s = "ÿþÃ("  -- bytes that are not UTF-8 are fine in strings
local t = { ÿ } --@
