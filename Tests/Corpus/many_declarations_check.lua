for i = 1, 2000 do segue("seg" .. i) { kind = "push" } end
for i = 1, 2000 do diagnosis("d" .. i) { segue = "sgx" .. i } end
