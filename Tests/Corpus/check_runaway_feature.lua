-- A feature that loops forever on every face: stopped once, under the time limit given.
diagnosis "a" { happiness = 50 }
diagnosis "b" { happiness = 60 }
feature "spin" { draw = function(face, pen) local n = 0 while true do n = n + 1 end end }
