-- %b() scans to the end from every "(" (quadratic, all inside C).
local subject = ("("):rep(3e7)
print(subject:find("%b()"))
