-- The trial's example: 100,000 wide strokes, seconds of librsvg and cairo as PNG; the
-- drawing runs in a child process stopped at the time limit.
for f = 1, 10 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
