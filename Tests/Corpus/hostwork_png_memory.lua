-- The wide strokes under a small memory cap and a long time limit: the child process
-- drawing the PNG may use only what the cap leaves.
for f = 1, 8 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
