diagnosis "cars" {
  channels = { smiel = "mpg" },
}
