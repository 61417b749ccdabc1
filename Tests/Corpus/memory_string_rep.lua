local s = string.rep("x", 64 * 1024 * 1024)
