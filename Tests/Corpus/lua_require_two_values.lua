local value, file = require("mod")
print("value " .. type(value) .. " file " .. file)
local again = { require("mod") }
print("again " .. #again)
assert(file:find("mod.lua$"))
