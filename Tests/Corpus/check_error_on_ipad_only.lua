-- A happiness function that fails on one device only: check runs every device.
diagnosis "calm" { happiness = 60 }
segue "movie" {
  kind = "modal",
  happiness = function(ctx)
    if ctx.device == "ipad" then error("no movies on an iPad") end
    return 50
  end,
}
