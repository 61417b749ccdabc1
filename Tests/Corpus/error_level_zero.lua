local x = 1
error("no position given", 0)
