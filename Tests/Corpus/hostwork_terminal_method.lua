-- s:terminal at 400×200 cells, inside one run: the call's deadline stops the drawing.
for f = 1, 10 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 10000 do
      pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100)
    end
  end,
} end
diagnosis "d" { happiness = 50 }
local s = session {}
s:tap("d")
print(#s:terminal { columns = 400, rows = 200 })
