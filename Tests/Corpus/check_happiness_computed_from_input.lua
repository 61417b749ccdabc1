-- In range for {} but not for an example input: check says which input.
diagnosis "mood" {
  happiness = function(input) return 40 + 10 * (input.sleep or 0) end,
  examples = { { sleep = 2 }, { sleep = 9 } },
}
