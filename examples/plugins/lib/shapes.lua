-- Shapes for features, shared by require "lib.shapes" (it draws nothing by itself).
local shapes = {}

--- A brow over the eye at (x, y): `half` wide either side, its inner end `tilt` higher.
function shapes.brow(pen, x, y, half, tilt)
  local inner = x < 0 and x + half or x - half
  local outer = x < 0 and x - half or x + half
  pen:move(outer, y + tilt / 2)
  pen:curve(outer + (inner - outer) / 3, y, inner - (inner - outer) / 3, y - tilt, inner, y - tilt)
end

--- A drop with its tip at (x, y) and its round bottom of radius r.
function shapes.drop(pen, x, y, r)
  local cy = y + 2.2 * r
  pen:move(x, y)
  pen:line(x - r, cy)
  pen:arc(x, cy, r, math.pi, 0)   -- angles run clockwise on screen: π, π/2 (the bottom), 0
  pen:line(x, y)
end

return shapes
