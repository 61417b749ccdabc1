local code = string.dump(function() return 1 end)
