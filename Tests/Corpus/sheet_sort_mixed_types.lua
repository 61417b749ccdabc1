-- --sort on a column mixing numbers, text, tables, booleans, bidi controls and absences.
diagnosis "pt" { happiness = 50 }
