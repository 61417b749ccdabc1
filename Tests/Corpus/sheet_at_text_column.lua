-- --at naming a column of text: a usage error before any face is drawn.
diagnosis "pt" { happiness = 50 }
