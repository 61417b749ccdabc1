-- --at on JSON values that are tables and booleans: not numeric, named by row.
diagnosis "pt" { happiness = 50 }
