-- A misspelt field: list shows what was declared and exits 1 with the problem.
diagnosis "bite" { hapiness = 70 }
