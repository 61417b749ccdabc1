diagnosis "bite" { happiness = 70 }
local s = session {}
s:tap("bite")
s:page(1)
