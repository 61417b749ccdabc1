local f = package.loadlib("libc.so.6", "system")
