-- A feature listed by a diagnosis fails while its face is drawn.
diagnosis "brows" { happiness = 50, features = { "arch" } }
feature "arch" { draw = function(face, pen) return face.missing.field end }
