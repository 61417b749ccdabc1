-- The wide strokes as a plugin's features on `face -o face.png`: the PNG is drawn under the
-- plugins' limits, its error at the first feature's line.
for f = 1, 10 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
