warn("never shown")
warn("@on", "not a control message")
print("done")
