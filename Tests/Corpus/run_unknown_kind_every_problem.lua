-- Several problems: run lists every one, not the first.
segue "s" { kind = "fly" }
diagnosis "d" { happiness = 200 }
local s = session {}
