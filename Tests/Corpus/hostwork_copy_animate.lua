-- The trial's example: animate returns a table sharing one table 40 levels deep (2^40 values once copied): refused at the memory cap, before the heap passes it.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
segue_kind "k" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t) return { x = 1, deep = deep } end,
}
segue "go" { kind = "k", happiness = 50 }
