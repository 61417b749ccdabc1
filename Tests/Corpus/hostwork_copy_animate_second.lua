-- The shared table as animate's second placement (the scene going away).
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
segue_kind "k" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t) return {}, { y = 0, deep = deep } end,
}
segue "go" { kind = "k", happiness = 50 }
