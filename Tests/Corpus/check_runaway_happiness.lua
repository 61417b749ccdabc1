-- A happiness function that never returns: check stops it once (not on all six devices
-- and orientations), naming the declaration and the line that ran.
diagnosis "forever" { happiness = function(input) while true do end end }
