-- The pattern benchmark: the same file under `lua5.4` and `psychologist run` (bench.py
-- sets MB and RUNS in front of it). It makes a text of MB megabytes (words, numbers,
-- key=value pairs, parenthesised groups, lines), then times each workload with os.clock
-- (CPU time), the best of RUNS, and prints "name seconds checksum" per workload: the
-- checksums must agree between the two interpreters.
local size = math.floor((MB or 10) * 1e6)
local runs = RUNS or 3

local seed = 7
local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return (seed >> 8) % n + 1 end
local syllables = {"lo", "ra", "ne", "ki", "tu", "ma", "so", "ve", "di", "pa", "qu", "xe"}
local function word()
  local t = {}
  for i = 1, rnd(4) do t[i] = syllables[rnd(#syllables)] end
  return table.concat(t)
end
local pieces, length = {}, 0
while length < size do
  local r, piece = rnd(10)
  if r <= 5 then piece = word()
  elseif r == 6 then piece = tostring(rnd(100000))
  elseif r == 7 then piece = word() .. "=" .. (rnd(2) == 1 and word() or tostring(rnd(999)))
  elseif r == 8 then piece = "(" .. word() .. " (" .. rnd(99) .. ") " .. word() .. ")"
  elseif r == 9 then piece = word() .. ","
  else piece = "\n" .. word() .. ":" end
  pieces[#pieces + 1] = piece
  length = length + #piece + 1
end
local text = table.concat(pieces, " ") .. "\n"
pieces = nil

-- A gmatch loop over the text, summing what `weigh` makes of each match.
local function over(pattern, weigh)
  return function()
    local n = 0
    for a, b in text:gmatch(pattern) do n = n + weigh(a, b) end
    return n
  end
end

local workloads = {
  {"gmatch words %a+", over("%a+", function(w) return #w end)},
  {"gmatch numbers %d+", over("%d+", function() return 1 end)},
  {"gmatch key=value (%w+)=(%w+)", over("(%w+)=(%w+)", function(k, v) return #k + #v end)},
  {"gmatch %b()", over("%b()", function(g) return #g end)},
  {"anchored line ^([^\\n]*)\\n()", function()
    local n, pos = 0, 1
    while true do
      local line, after = text:match("^([^\n]*)\n()", pos)
      if not line then break end
      n, pos = n + #line, after
    end
    return n
  end},
  {"gsub word with a function", function()
    local out, n = text:gsub("%a+", function(w) if #w == 6 then return w:upper() end end)
    return n + #out
  end},
}

for _, w in ipairs(workloads) do
  local best, sum = math.huge, nil
  for _ = 1, runs do
    local t0 = os.clock()
    sum = w[2]()
    best = math.min(best, os.clock() - t0)
  end
  print(string.format("%s\t%.6f\t%d", w[1], best, sum))
end
