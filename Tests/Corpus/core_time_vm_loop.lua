-- A loop in the VM: the watchdog's count hook stops it.
local n = 0
while true do n = n + 1 end
