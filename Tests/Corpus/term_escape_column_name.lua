-- A column name with an OSC sequence: the input lacks it, and the error shows it escaped.
diagnosis "d" { channels = { smile = "mpg\27]0;pwned\7", hair = "mpg" } }
