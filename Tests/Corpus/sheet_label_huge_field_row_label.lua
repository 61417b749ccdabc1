-- A row with a 1 MB field under a label naming it thousands of times: the label is cut to
-- what is shown, so the run stays small and quick.
diagnosis "d" { happiness = 50 }
