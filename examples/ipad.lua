-- The iPad storyboard: the Psychologist menu in the split view's master, faces replacing
-- the detail, one popover and a form sheet. Per-device kinds keep it working on an iPhone.
--
--   psychologist show examples/ipad.lua bite --device ipad --orientation landscape --screen

diagnosis "flaying" { happiness = 86 }
diagnosis "bite" { happiness = 70 }
diagnosis "play" { happiness = 20 }

segue "showDiagnosis" {
  kind = { iphone = "push", ipad = "replace" },
  happiness = function(ctx) return ctx.diagnosis end,
}
segue "movie" { kind = { iphone = "push", ipad = "replace" }, happiness = 50 }
segue "teleplay" {
  kind = { iphone = "modal", ipad = "popover" },
  happiness = 20,
  size = { width = 320, height = 320 },
}
segue "cartoon" { kind = "modal", happiness = 100 }
