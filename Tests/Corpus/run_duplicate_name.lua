-- A name declared twice: run exits 1 naming both places.
diagnosis "bite" { happiness = 70 }
diagnosis "bite" { happiness = 30 }
