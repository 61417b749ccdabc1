-- A coroutine the time limit stopped (in row 1) is closed in a later call (row 2): its
-- looping __close would run with hooks off, out of the time limit's reach.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local co
diagnosis "mood" {
  happiness = function(input)
    if not co then
      co = coroutine.create(function()
        local x <close> = setmetatable({}, { __close = function() while true do end end })
        while true do end
      end)
      coroutine.resume(co)
    end
    coroutine.close(co)
    return 50
  end,
}
