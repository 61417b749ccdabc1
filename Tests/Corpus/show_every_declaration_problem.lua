-- show refuses broken declarations, listing every problem, even for a name that works.
diagnosis "fine" { happiness = 50 }
diagnosis "bad" { happiness = "lots" }
segue "s" { kind = "popover" }
