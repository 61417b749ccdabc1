diagnosis "bite" { happiness = 70 }
local s = session { device = "ipad", orientation = "landscape" }
s:show_master()
