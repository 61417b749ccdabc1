#!/usr/bin/env psychologist run
print("bom")
error("line three")
