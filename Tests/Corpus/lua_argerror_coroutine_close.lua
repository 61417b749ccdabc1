local ok, message = pcall(coroutine.close, "not a thread")
print(message)
coroutine.close({})
