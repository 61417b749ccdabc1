diagnosis "cars" {
  channels = { "mpg", smile = "mpg" }, -- a list entry in the declared table
}
