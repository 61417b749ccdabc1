local m = require("shebang")
print(m.line)
error("module line " .. m.line)
