os.execute("touch PWNED")
