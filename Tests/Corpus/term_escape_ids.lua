-- Ids from a data file with terminal controls: the terminal sheet shows them escaped.
diagnosis "d" { channels = { smile = "mpg" } }
