-- A still frame of the wide strokes, again and again: the frames end at the time limit.
-- (show --frames draws each of N frames of a busy screen: host work N times over).
for f = 1, 10 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
