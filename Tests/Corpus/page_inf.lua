diagnosis "bite" { happiness = 70 }
local s = session {}

s:page(-1/0)
