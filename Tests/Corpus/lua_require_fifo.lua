print(pcall(require, "lib.pipe"))
require("pipe")
