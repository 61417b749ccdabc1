require("zero")
