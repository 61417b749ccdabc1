local t = setmetatable({}, { __index = function(t, k)
  while true do end
end })
local x = t.anything
