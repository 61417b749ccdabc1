diagnosis "cars" {
  channels = function(row)
    return { smiel = 0.5 } -- a misspelt channel in a function's result: named as in a table
  end,
}
