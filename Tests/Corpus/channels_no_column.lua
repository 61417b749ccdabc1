diagnosis "cars" {
  channels = { hair = { reverse = true } },
}
