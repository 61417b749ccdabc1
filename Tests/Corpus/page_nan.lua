diagnosis "bite" { happiness = 70 }
local s = session {}

s:page(0/0)
