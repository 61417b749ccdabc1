-- A wrap the time limit stopped (row 1), called again by a later call (row 2): dead, as in
-- Lua, and its looping __close never runs.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
local f
diagnosis "mood" {
  happiness = function(input)
    if not f then
      f = coroutine.wrap(function()
        local x <close> = setmetatable({}, { __close = function() while true do end end })
        while true do end
      end)
      pcall(f)
    end
    f()
    return 50
  end,
}
