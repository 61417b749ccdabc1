-- --at over values at the ends of the doubles: ±1e308 overflow x - low, 5e-324 is subnormal.
diagnosis "pt" { happiness = 50 }
