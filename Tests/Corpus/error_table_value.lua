local function fail()
  error({ code = 42 })
end
fail()
