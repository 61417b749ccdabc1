warn("@on")
warn("a\27[31mred\226\128\174b")
warn("part ", "\7bell")
