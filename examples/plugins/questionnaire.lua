-- A diagnosis computed from answers: five questions scored 0 (not at all) … 4 (very),
-- the happiness their mean on 0 … 100, the expression from two of them. Tapping passes
-- the answers as input; without any (psychologist show), a sample patient answers.
--
--   psychologist show examples/psychologist.lua questionnaire --plugin examples/plugins
--   s:tap("questionnaire", { slept = 4, ate = 3, laughed = 4, worried = 0, alone = 1 })

local questions = {
  slept = 1, ate = 1, laughed = 1,    -- the more, the happier
  worried = -1, alone = -1,           -- the more, the unhappier
}
local sample = { slept = 1, ate = 2, laughed = 1, worried = 4, alone = 3 }

local function answers(input)
  local a = {}
  for q in pairs(questions) do
    local v = input[q]
    if v == nil then v = sample[q] end
    assert(type(v) == "number" and v >= 0 and v <= 4, "answer '" .. q .. "' must be 0 … 4")
    a[q] = v
  end
  return a
end

local function score(input)
  local a, total, n = answers(input), 0, 0
  for q, sign in pairs(questions) do
    total = total + (sign > 0 and a[q] or 4 - a[q])
    n = n + 1
  end
  return total / (4 * n) * 100
end

diagnosis "questionnaire" {
  title = "Questionnaire",
  happiness = score,
  expression = function(input)
    local a = answers(input)
    -- tired eyes half shut; no `brows` here: the worried feature draws its own
    return { eyes = 0.25 + 0.75 * a.slept / 4 }
  end,
  features = { "worried" },
  segue = "reveal",                     -- declared in fade.lua
}
