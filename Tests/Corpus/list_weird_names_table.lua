local weird = "<b>&amp;\"q\" \'\n]]> <!-- \0 \1 \27[31m \127 \255\254 \237\160\128 \239\191\190"
diagnosis(weird) { happiness = 80, title = weird }
segue "showDiagnosis" { kind = "push", title = weird }
segue_kind(weird) { perform = function(nav, scene) nav:push(scene) end }
feature(weird) { draw = function() end }
style(weird) { color = "red" }
