#!/usr/bin/env psychologist run
print("ran")
error("line three")
