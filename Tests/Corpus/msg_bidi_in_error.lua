error("‮gpj.exe")
-- A right-to-left override in an error message is shown escaped, never reaches the terminal raw.
