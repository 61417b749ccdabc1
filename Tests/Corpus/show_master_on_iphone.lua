diagnosis "bite" { happiness = 70 }
local s = session { device = "iphone" }
s:show_master()
