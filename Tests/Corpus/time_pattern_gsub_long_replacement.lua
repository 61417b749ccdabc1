-- A replacement of ten million "%0" expands to nothing at every one of 100,001 empty
-- matches: nothing grows, so no allocation can be refused.
print(#string.gsub(("a"):rep(1e5), "", ("%0"):rep(1e7)))
