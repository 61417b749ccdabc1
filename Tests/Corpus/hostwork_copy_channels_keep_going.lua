-- The same with --keep-going: every row is refused, none takes gigabytes.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "cars" {
  channels = function(row)
    return { hair = 0.5, deep = deep }
  end,
}
