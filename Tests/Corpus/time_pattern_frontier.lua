-- A frontier in a lazy loop: the checks run per character, per start.
local subject = ("a "):rep(5e5)
print(subject:find("%f[%a].-%f[%d]"))
