print("psychologist")
