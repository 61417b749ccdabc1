-- A shared table in a segue kind's declaration.
local deep = {}
for i = 1, 40 do deep = { a = deep, b = deep } end
segue_kind "k" {
  perform = function(nav, scene) nav:push(scene) end,
  size = deep,
}
