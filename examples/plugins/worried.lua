-- A feature: worried eyebrows (inner ends raised) and a drop of sweat, drawn with the pen
-- in face units: origin at the face's centre, 1 = the head's radius, y grows downwards.
-- It goes only on the faces of diagnoses that list it: features = { "worried" }.

local shapes = require "lib.shapes"   -- modules live in a subfolder: not loaded as plugins

feature "worried" {
  everywhere = false,
  draw = function(face, pen)
    -- the unhappier the face, the steeper the brows
    local tilt = 0.06 + 0.10 * (1 - face.happiness / 100)
    pen:width(math.max(2, face.size / 40))
    if face.expression.brows == nil then         -- the face draws none of its own
      shapes.brow(pen, -0.35, -0.58, 0.22, tilt)   -- left brow
      shapes.brow(pen, 0.35, -0.58, 0.22, tilt)    -- right brow
    end
    pen:color("#3fa7d6")
    shapes.drop(pen, 0.72, -0.45, 0.09)          -- a drop of sweat by the right temple
  end,
}
