-- A back reference: %1 compares the capture again at every split.
local subject = ("a"):rep(3e5)
print(subject:match("(a*)(a*)%2%1b"))
