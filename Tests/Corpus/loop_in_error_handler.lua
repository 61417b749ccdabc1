-- the hook raises with hooks off; they stay off while Lua calls the handler
xpcall(function() error("first") end, function(m)
  while true do end
end)
