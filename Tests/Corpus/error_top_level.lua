local x = 1
error("boom at the top")
