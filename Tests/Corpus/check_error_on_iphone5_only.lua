-- A segue's happiness that fails on the tall iPhone only: a problem met on some devices
-- says which.
segue "tall" {
  kind = "push",
  happiness = function(ctx)
    if ctx.device == "iphone5" then error("too tall for me") end
    return 60
  end,
}
