-- pcall catches the first time limit error; the loop around it must still end.
local subject = ("a"):rep(1e6)
while true do pcall(string.find, subject, ".-b") end
