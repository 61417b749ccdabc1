-- --at naming a column the input lacks (a typo): did-you-mean and the columns there are.
diagnosis "pt" { happiness = 50 }
