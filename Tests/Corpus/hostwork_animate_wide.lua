-- show --animate of a busy screen: a hundred features of 1,000 wide strokes each (each
-- feature's call short), so the animated document is long host work, which must end at
-- the script's time limit.
for f = 1, 100 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 1000 do pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100) end
  end,
} end
diagnosis "d" { happiness = 50 }
