-- The wide strokes drawn as PNG by a snapshot inside one run: the call's time limit
-- reaches the drawing; the snapshot is not written.
for f = 1, 10 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
local s = session { device = "ipad" }
s:tap("d")
s:snapshot("face.png")
