-- show --animate of a busy screen through a segue_kind of the script's own (its animate in
-- Lua, sampled): the animated document is long host work, which must end at the time limit.
for f = 1, 100 do feature("wide" .. f) {
  draw = function(face, pen)
    pen:width(100)
    for i = 1, 1000 do pen:move(-1, -1 + i % 200 / 100) pen:line(1, 1 - i % 200 / 100) end
  end,
} end
segue_kind "drop" {
  perform = function(nav, scene) nav:present(scene) end,
  animate = function(t) return {}, { y = (1 - t) * -480 } end,
}
segue "showDiagnosis" { kind = "drop", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "d" { happiness = 50 }
