diagnosis "cars" {
  channels = function(row)
    return { hair = 0/0 }
  end,
}
