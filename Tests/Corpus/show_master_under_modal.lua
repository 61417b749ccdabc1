diagnosis "bite" { happiness = 70 }
segue "cartoon" { kind = "modal", happiness = 100 }
local s = session { device = "ipad", orientation = "portrait" }
s:perform("cartoon")
s:show_master()
