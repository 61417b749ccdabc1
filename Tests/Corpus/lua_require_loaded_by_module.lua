local v = require("selfset")
print("got", v, package.loaded.selfset == v)
error("done: " .. tostring(v))
