-- Mood from daily metrics: one face per day of a data set.
--
--   psychologist batch examples/mood.lua --diagnosis mood --input examples/mood.csv \
--     --output-dir faces --sheet faces.svg
--
-- Each row (a line of JSON Lines, or a CSV row under its header) is the function's
-- `input` table: sleep in hours, exercise in minutes, stress from 0 (calm) to 10.

local function number(input, field, default, low, high)
  local v = input[field]
  if v == nil then return default end
  if type(v) ~= "number" then
    error(("%s must be a number, got %q"):format(field, tostring(v)))
  end
  if v < low or v > high then
    error(("%s must be from %g to %g, got %g"):format(field, low, high, v))
  end
  return v
end

diagnosis "mood" {
  title = "Mood",
  happiness = function(input)
    local sleep = number(input, "sleep", 7, 0, 24)
    local exercise = number(input, "exercise", 0, 0, 1440)
    local stress = number(input, "stress", 5, 0, 10)
    -- Sleep near 8 hours helps, either side of it hurts; exercise helps up to an hour.
    local rest = 8 - math.abs(sleep - 8) * 1.5
    local moved = math.min(exercise, 60) / 6
    return 20 + 6 * rest + moved - 5 * (stress - 5)
  end,
  clamp = true,               -- a very good or very bad day reads as 100 or 0
  examples = {                -- what `psychologist check` taps it with
    { sleep = 8, exercise = 60, stress = 0 },
    { sleep = 3, stress = 10 },
    {},
  },
}

segue "showDiagnosis" {
  kind = "push",
  happiness = function(ctx) return ctx.diagnosis end,
}
