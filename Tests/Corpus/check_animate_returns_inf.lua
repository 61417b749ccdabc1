segue_kind "wide" {
  perform = function(nav, scene) nav:push(scene) end,
  animate = function(t) return {}, { scale = 2 ^ 1024 * t } end,
}
segue "go" { kind = "wide", happiness = 50 }
