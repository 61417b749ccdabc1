-- check: 50 segues name a 20,000-letter kind that is not among 2,000 declared kinds.
for i = 1, 2000 do segue_kind("kind" .. i) { perform = function(nav, scene) nav:present(scene) end } end
for i = 1, 50 do segue("s" .. i) { kind = ("k"):rep(20000) .. i, happiness = 50 } end
