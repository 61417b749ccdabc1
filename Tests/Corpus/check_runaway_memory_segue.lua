-- A segue whose happiness fills memory: the memory limit stops it, once.
segue "greedy" {
  kind = "modal",
  happiness = function(ctx) local t = {} for i = 1, 1e9 do t[i] = ("x"):rep(65536) .. i end end,
}
