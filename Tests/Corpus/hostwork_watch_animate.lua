-- --watch draws still screens: with --animate it is refused, never silently winning.
diagnosis "d" { happiness = 50 }
