-- The shared table one level down in a channels result.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "cars" {
  channels = function(row)
    return { hair = 0.5, more = { deep } }
  end,
}
