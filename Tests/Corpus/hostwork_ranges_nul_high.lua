-- A --ranges line with a NUL byte inside a number: refused, never read as the number before it.
diagnosis "cars" { channels = { smile = "a" } }
