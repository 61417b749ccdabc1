segue "a" { kind = "nope", happiness = 1 }
segue "b" { kind = "nope", happiness = 1 }
-- a session refused names the first problem and counts the rest
print(select(2, pcall(session, {})))
