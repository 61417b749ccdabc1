diagnosis "cars" {
  channels = { smile = "mpg" },
  ranges = { mpg = {35, 10} },
}
