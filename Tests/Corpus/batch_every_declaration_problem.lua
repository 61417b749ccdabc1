-- batch refuses broken declarations before any row, listing every problem.
diagnosis "d" { happiness = function(input) return 50 end, titel = "D" }
segue "s" { kind = "fly" }
