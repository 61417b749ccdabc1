local f, message = load("return 1", "chunk", "b")
assert(f == nil)
error(message)
