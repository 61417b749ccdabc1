-- The trial's example: a channels function returning the shared table, row after row; each row is refused at the memory cap, and three such rows in a row stop the batch.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
diagnosis "cars" {
  channels = function(row)
    return { hair = 0.5, deep = deep }
  end,
}
