diagnosis "cars" {
  channels = function(row)
    return { 0.5, smile = 0.5 } -- a list entry: its key is a number, no channel's name
  end,
}
