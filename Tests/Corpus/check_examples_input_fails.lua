-- The second example input makes the function fail: check names it.
diagnosis "sleep" {
  happiness = function(input)
    if type(input.hours) ~= "number" then error("hours must be a number") end
    return input.hours * 10
  end,
  examples = { { hours = 7 }, { hours = "seven" } },
}
