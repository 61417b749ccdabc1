-- Sixteen million numbers: n log n comparisons in one C call, in a diagnosis's function,
-- whose call has a time limit of its own. A batch builds the array a million numbers a row
-- (each row its own call, far within the limit even on a loaded machine: building it in one
-- call once ran out of time there) and its last row sorts it, so only the sort can reach the
-- limit.
local seed = { 1 }
while #seed < 1e6 do table.move(seed, 1, math.min(#seed, 1e6 - #seed), #seed + 1) end
for i = 1, #seed do seed[i] = (i * 7919) % 1000003 end
local t = {}
diagnosis "sorted" {
  happiness = function(row)
    if row.step == "grow" then table.move(seed, 1, #seed, #t + 1, t) return 50 end
    table.sort(t, nil) return 50
  end,
}
