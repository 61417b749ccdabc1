-- --at where every row has the same x and y: a range of one value, faces on one spot.
diagnosis "pt" { happiness = 50 }
