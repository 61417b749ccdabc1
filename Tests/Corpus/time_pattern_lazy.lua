-- A lazy .- before a b that never comes: every start scans to the end (10^12 steps).
local subject = ("a"):rep(1e6)
print(string.find(subject, ".-b"))
