segue "a" { kind = "nope", happiness = 1 }
segue "b" { kind = "nope", happiness = 1 }
local s = session {}
