-- A shared table in a segue's declaration.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
segue "go" { kind = "push", happiness = 50, title = deep }
