coroutine.resume(1)
