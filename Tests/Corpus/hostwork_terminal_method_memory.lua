-- The largest s:terminal under a 16 MiB cap: the grid and its text are charged to the cap
-- before they are drawn.
diagnosis "d" { happiness = 50 }
local s = session {}
s:tap("d")
print(#s:terminal { columns = 1000, rows = 500 })
