local t = {}
for i = 1, math.huge do t[i] = { i, i, i } end
