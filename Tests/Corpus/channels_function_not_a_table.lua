diagnosis "cars" {
  channels = function(row)
    return 0.5
  end,
}
