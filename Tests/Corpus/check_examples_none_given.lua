-- No examples: check taps with {} (as show does), and the function needs a field.
diagnosis "mood" { happiness = function(input) return 40 + 5 * input.sleep end }
