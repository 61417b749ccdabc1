-- a comment
load(nil)
