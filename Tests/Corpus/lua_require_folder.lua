require("folder")
