-- --watch draws still screens: with --frames it is refused, never silently winning.
diagnosis "d" { happiness = 50 }
