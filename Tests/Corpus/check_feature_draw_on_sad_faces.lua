-- A feature that fails only on sad faces: one diagnosis of two finds it.
diagnosis "glad" { happiness = 90 }
diagnosis "sad" { happiness = 10 }
feature "tear" {
  draw = function(face, pen)
    if face.happiness < 50 then pen:width(-1) end
    pen:circle(0.5, 0, 0.05)
  end,
}
