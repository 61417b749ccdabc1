-- A diagnosis's examples holding the shared table (check taps every example).
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "d" {
  happiness = function(input) return 50 end,
  examples = { { sleep = 7, deep = deep } },
}
