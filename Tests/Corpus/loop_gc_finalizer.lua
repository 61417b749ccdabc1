-- Lua runs finalizers with hooks off: no time limit could stop this one.
local t = setmetatable({}, { __gc = function() while true do end end })
t = nil
collectgarbage()
