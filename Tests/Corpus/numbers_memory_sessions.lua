require "psychologist"
local t = {}
for i = 1, 300000 do t[i] = session {} end
