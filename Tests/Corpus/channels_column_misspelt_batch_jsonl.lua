-- A misspelt column: an error at the line of the field naming it, with the nearest name,
-- before any face is drawn (check: against the examples).
diagnosis "car" {
  channels = {
    head_width = "wt",
    smile = "mgp",
  },
  examples = { { wt = 2.6, mpg = 21 }, { wt = 1.8, mpg = 30 } },
}
