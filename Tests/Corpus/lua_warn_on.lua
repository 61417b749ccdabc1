warn("@on")
warn("x")
