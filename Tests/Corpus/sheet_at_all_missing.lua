-- --at on a column whose every value is missing (empty, NA): nothing to place.
diagnosis "pt" { happiness = 50 }
