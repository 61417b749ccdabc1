local mt = getmetatable("")
mt.__index = function() return os end
