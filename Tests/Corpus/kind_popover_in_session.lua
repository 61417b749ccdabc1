diagnosis "bite" { happiness = 40 }
segue "showDiagnosis" { kind = { iphone = "push", ipad = "popover" } }
segue "later" { kind = "popover" }
local s = session { device = "iphone" }
s:perform("later")
