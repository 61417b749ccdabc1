local s = [[
never closed
