local s = string.rep("a", 10)
s:gsub("a", function(c)
  while true do end
end)
