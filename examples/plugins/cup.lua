-- A feature: a cup of coffee by the chin, with steam rising from it while the face is
-- happy. It goes only on the faces of diagnoses that list it (examples/barista.lua
-- requires this file: features = { "cup" }).

feature "cup" {
  everywhere = false,
  draw = function(face, pen)
    pen:width(math.max(2, face.size / 45))
    pen:color("#6f4e37")                                 -- coffee brown
    -- the cup, in the corner outside the head: a rim, its sides narrowing to the foot,
    -- and a handle on the right
    pen:move(0.74, 0.82) pen:line(1.00, 0.82)
    pen:move(0.74, 0.82) pen:line(0.78, 1.02) pen:line(0.96, 1.02) pen:line(1.00, 0.82)
    pen:arc(1.01, 0.90, 0.05, -math.pi / 2, math.pi / 2)
    -- steam: the happier the face, the longer the wisps
    local rise = 0.06 + 0.12 * face.happiness / 100
    pen:color("gray")
    for _, x in ipairs { 0.81, 0.87, 0.93 } do
      pen:move(x, 0.77)
      pen:curve(x - 0.03, 0.77 - rise / 3, x + 0.03, 0.77 - 2 * rise / 3, x, 0.77 - rise)
    end
  end,
}
