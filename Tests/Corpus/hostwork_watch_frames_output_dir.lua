-- --watch draws still screens: with --frames and an output folder it is refused, never silently winning.
diagnosis "d" { happiness = 50 }
