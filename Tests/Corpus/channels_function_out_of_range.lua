diagnosis "cars" {
  channels = function(row)
    return { smile = 3 }
  end,
}
