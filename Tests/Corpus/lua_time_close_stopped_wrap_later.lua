-- The coroutine of a wrap the time limit stopped (row 1), closed by a later call (row 2).
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local co
diagnosis "mood" {
  happiness = function(input)
    if not co then
      local f = coroutine.wrap(function()
        co = coroutine.running()
        local x <close> = setmetatable({}, { __close = function() while true do end end })
        while true do end
      end)
      pcall(f)
    end
    print(coroutine.status(co), coroutine.close(co))
    return 50
  end,
}
