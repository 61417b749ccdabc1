-- A feature no diagnosis lists and nothing taps: check still draws it.
feature "broken" { draw = function(face, pen) pen:line("left", 0) end }
