-- The seed's lesson on segue kinds, one button a kind: how each makes the new page appear.
-- Per-device kinds show the iPad's own (a popover, a replace of the split view's detail)
-- and keep every button working on an iPhone.
--
--   psychologist reel examples/lesson.lua -o lesson.gif
--   psychologist reel examples/lesson.lua --device ipad --orientation landscape -o ipad.mp4

app { title = "Segue kinds" }

segue "push" { title = "Push", kind = "push", happiness = 80 }
segue "modal" { title = "Modal", kind = "modal", happiness = 60 }
segue "popover" {
  title = "Popover",
  kind = { iphone = "modal", ipad = "popover" },
  happiness = 90,
  size = { width = 320, height = 320 },
}
segue "replace" { title = "Replace", kind = { iphone = "push", ipad = "replace" }, happiness = 30 }
segue "fade" { title = "Fade (custom)", kind = "fade", happiness = 50 }
segue "rise" { title = "Rise (custom)", kind = "rise", happiness = 100 }

-- A custom kind that says nothing of its animation: a cross-fade.
segue_kind "fade" {
  perform = function(nav, scene) nav:present(scene) end,
}

-- A custom kind with keyframes: the new scene rises from below as it fades in.
segue_kind "rise" {
  perform = function(nav, scene) nav:present(scene) end,
  animate = {
    { t = 0, to = { y = 160, opacity = 0 } },
    { t = 1, to = {} },
  },
}
