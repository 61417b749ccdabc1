-- examples must be a list of input tables.
diagnosis "a" { happiness = function() return 50 end, examples = { 7, { x = 1 } } }
diagnosis "b" { happiness = function() return 50 end, examples = "sleep=7" }
