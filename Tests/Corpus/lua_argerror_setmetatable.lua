local t = {}
setmetatable(1, t)
