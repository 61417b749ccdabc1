-- The wide strokes on the largest window drawn (1000 columns, 500 rows).
for f = 1, 10 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
