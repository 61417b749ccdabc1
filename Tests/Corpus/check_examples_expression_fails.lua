-- The expression function fails on one example input only.
diagnosis "eyes" {
  happiness = 50,
  expression = function(input) return { eyes = input.open } end,
  examples = { { open = 0.5 }, { open = 3 } },
}
