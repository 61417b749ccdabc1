-- A plugin's wide strokes on a 2000-point `face -o face.png` (many times the second it is given, on
-- any machine): the PNG is drawn under the plugins' limits, its error at the first feature's line.
for f = 1, 10 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
