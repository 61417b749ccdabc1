segue "s1" { kind = 5, happiness = {}, title = {}, size = 5, style = 1 }
segue "s2" { kind = { iphone = "push", tv = "push" }, size = { width = 0/0, height = 1/0 } }
segue "s3" { kind = "push", size = { width = 10 } }
