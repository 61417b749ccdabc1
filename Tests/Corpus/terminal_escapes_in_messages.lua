local x = 1
error("\27]0;pwned\7 \27[2J\27[31m")
