diagnosis "cars" {
  channels = function(row)
    return { haair = 0.5 }
  end,
}
