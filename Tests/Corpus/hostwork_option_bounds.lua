-- Options out of their bounds are refused in words that state the bounds.
diagnosis "d" { happiness = 50 }
