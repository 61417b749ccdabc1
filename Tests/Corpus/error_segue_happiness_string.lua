segue "movie" { kind = "push", happiness = function() return "happy" end }
