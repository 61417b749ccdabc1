diagnosis "cars" {
  channels = 5,
}
