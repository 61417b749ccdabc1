-- run refuses a script whose declarations are broken even when it starts no session.
diagnosis "x" { happiness = "lots" }
print("ran")
