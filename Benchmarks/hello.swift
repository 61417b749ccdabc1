// The cold-start baseline: the least a Swift program does (no Foundation), built as the
// binary is (`swiftc -O -static-stdlib`, in the same bench run).
print("hello")
