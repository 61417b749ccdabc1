-- a typo on the third line
local ok = 1
local x = = 1
