-- 40 rows whose faces are a megabyte each: the contact sheet holds only the cells waiting
-- for their turn, whatever the rows and the faces' size.
diagnosis "d" { happiness = 50, features = { "scribble" } }
feature "scribble" {
  draw = function(face, pen)
    for i = 1, 700 do pen:arc(0, 0, 0.5 + i / 3000, 0, 6.28) end
  end,
}
