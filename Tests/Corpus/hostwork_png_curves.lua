-- Curves instead of lines: each one a path librsvg flattens and cairo fills.
for f = 1, 10 do feature("curves" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      local y = -1 + i % 200 / 100
      pen:move(-1, y) pen:curve(-0.5, -y, 0.5, y, 1, -y)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
