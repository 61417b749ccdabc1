-- table.move over 10^15 absent slots: nils copied without allocating.
print(table.move({}, 1, 1e15, 2))
