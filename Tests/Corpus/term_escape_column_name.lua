-- A column name with an OSC sequence, in the legend of the terminal sheet.
diagnosis "d" { channels = { smile = "mpg\27]0;pwned\7", hair = "mpg" } }
