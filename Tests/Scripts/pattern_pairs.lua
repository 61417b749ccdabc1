-- Generated pattern/subject pairs through every pattern function, printing every result
-- and error message: PatternTests runs it under lua5.4 and under psychologist run and
-- compares the outputs byte for byte. Errors raised from a Lua call site carry this
-- file's name and line. PAIRS (a global) sets how many random pairs; the seed is fixed.
local seed = 20240521
local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return (seed >> 4) % n + 1 end
-- NIL stands for nil in the lists pick draws from (a nil in a constructor leaves a hole)
local NIL = {}
local function pick(t) local v = t[rnd(#t)] if v == NIL then return nil end return v end

local out, lines = {}, 0
local function emit(s)
  lines = lines + 1
  out[#out + 1] = s
  if #out >= 500 then print(table.concat(out, "\n")) out = {} end
end

local function show(...)
  local t = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    t[i] = type(v) == "string" and string.format("%q", v) or math.type(v) == "float" and string.format("%.17g", v)
      or type(v) == "table" and "table" or tostring(v)
  end
  return table.concat(t, ",")
end
local function result(ok, ...) if ok then return show(...) end return "ERR " .. tostring((...)) end

-- Pattern pieces. Characters of the subjects come mostly from the pattern itself, so that
-- patterns match often enough to reach their later items.
local magic = {"^", "$", "(", ")", "%", ".", "[", "]", "*", "+", "-", "?"}
local plain = {"a", "b", "c", "x", "A", "1", "2", " ", "\0", "\n", "=", ",", "z", "\200"}
local letters = {"a", "A", "c", "C", "d", "D", "g", "G", "l", "L", "p", "P", "s", "S", "u", "U", "w", "W", "x", "X", "z", "Z", "q", "Q", "b", "f"}
local quantifiers = {"*", "+", "-", "?"}

-- Each generator returns a piece of pattern and a function that makes text likely to
-- match it, so that subjects reach a pattern's later items often.
local pool = table.concat(plain) .. table.concat(magic) .. "bcdefghijklmnopqrstuvwyBEFZ09.;:!"
local function member(cls)
  for _ = 1, 10 do
    local i = rnd(#pool)
    local c = pool:sub(i, i)
    local ok, hit = pcall(string.find, c, "^" .. cls .. "$")
    if ok and hit then return c end
  end
  return pick(plain)
end
local function none() return "" end

local function set()
  local t = {pick{"[", "[", "[^"}}
  if rnd(5) == 1 then t[#t + 1] = pick{"]", "-", "^", "%"} end
  for _ = 1, rnd(4) do
    local r = rnd(6)
    if r == 1 then t[#t + 1] = "%" .. pick(letters)
    elseif r == 2 then t[#t + 1] = pick(plain) .. "-" .. pick(plain)
    elseif r == 3 then t[#t + 1] = "%" .. pick(magic)
    elseif r == 4 then t[#t + 1] = pick{"%a-z", "a-%%", "-", "]", "[", "^"}
    else t[#t + 1] = pick(plain) end
  end
  if rnd(12) ~= 1 then t[#t + 1] = "]" end -- now and then unclosed
  return table.concat(t)
end

local function class()
  local r = rnd(8)
  local text = r == 1 and "." or r == 2 and "%" .. pick(letters) or r == 3 and "%" .. pick(magic)
    or r == 4 and set() or pick(plain)
  return text, function() return member(text) end
end

local function repeated(make, low)
  return function()
    local t = {}
    for i = 1, low + rnd(4) - 1 do t[i] = make() end
    return table.concat(t)
  end
end

local item
local function group(depth)
  local texts, makes = {"("}, {}
  for _ = 1, rnd(3) do
    local text, make = item(depth + 1)
    texts[#texts + 1] = text
    makes[#makes + 1] = make
  end
  if rnd(8) ~= 1 then texts[#texts + 1] = ")" end -- now and then unfinished
  return table.concat(texts), function()
    local t = {}
    for i, make in ipairs(makes) do t[i] = make() end
    return table.concat(t)
  end
end

function item(depth)
  local r = rnd(20)
  if r <= 8 then
    local text, make = class()
    local q = rnd(2) == 1 and pick(quantifiers) or ""
    if q == "" then return text, make end
    return text .. q, repeated(make, q == "+" and 1 or 0)
  end
  if r == 9 then
    local open, close = pick(plain), pick{"a", "b", ")", "x", "\0"}
    return "%b" .. open .. close, function()
      return open .. (rnd(3) == 1 and open .. member(".") .. close or member(".")) .. close
    end
  end
  if r == 10 then return "%f" .. set(), none end
  if r == 11 then return "%" .. rnd(10) - 1, none end
  if r == 12 then return "()", none end
  if r <= 15 and depth < 3 then return group(depth) end
  local text = r == 16 and pick(magic) or r == 17 and pick{"%", "[", "[^", "%b", "%bx", "%f", "%fx", "%f[a", ")", "(", "$", "^"}
    or pick(plain)
  return text, function() return text end
end

local function noise(n)
  local t = {}
  for i = 1, n do t[i] = member(".") end
  return table.concat(t)
end

-- A pattern and a subject for it: text made to match, between bits of noise, now and
-- then with a character changed; or characters drawn from the pattern.
local function pair()
  local texts, makes = {}, {}
  if rnd(4) == 1 then texts[1] = "^" end
  for _ = 1, rnd(5) do
    local text, make = item(0)
    texts[#texts + 1] = text
    makes[#makes + 1] = make
  end
  if rnd(5) == 1 then texts[#texts + 1] = "$" end
  local p = table.concat(texts)
  if rnd(3) == 1 then
    local chars = {}
    for c in p:gmatch("[^%%%[%]%^%$%(%)%.%*%+%-%?]") do chars[#chars + 1] = c end
    for _ = 1, 6 do chars[#chars + 1] = pick(plain) end
    local t = {}
    for i = 1, rnd(13) - 1 do t[i] = pick(chars) end
    return p, table.concat(t)
  end
  local t = {noise(rnd(4) - 1)}
  for _, make in ipairs(makes) do t[#t + 1] = make() end
  t[#t + 1] = noise(rnd(4) - 1)
  local s = table.concat(t)
  if #s > 0 and rnd(4) == 1 then
    local i = rnd(#s)
    s = s:sub(1, i - 1) .. member(".") .. s:sub(i + 1)
  end
  return p, s
end

-- init at every edge of a subject of length n
local function init(n)
  if rnd(2) == 1 then return pick{NIL, 1} end
  return pick{NIL, 1, 2, n, n + 1, n + 2, 0, -1, -n, -n - 1, -n + 1, math.maxinteger, math.mininteger, 3.0, 1.5, "2", "x", -100, 100}
end

local templates = {"%0", "%1", "%2", "%3", "%9", "%%", "%", "%a", "x", "", "<%0>", "[%1|%2]", "%%%1", "-", "%10", "%z", 7, 2.5}
local function template()
  local t = pick(templates)
  if type(t) == "string" and rnd(3) == 1 then t = t .. pick(templates) end
  return t
end

local answers = {
  function(a) return a end,
  function(a, b) return b end,
  function() return false end,
  function() return nil end,
  function(a) return type(a) == "string" and a:upper() or a end,
  function(...) return select("#", ...) end,
  function() return {} end,
  function() return 1.5 end,
  function(...) local t = {} for i = 1, select("#", ...) do t[i] = tostring((select(i, ...))) end return table.concat(t, "|") end,
}
local lookup = setmetatable({a = "A", b = false, ["("] = 1, ["1"] = 2.5, x = {}, [""] = "E"}, {__index = function(_, k) if k == "c" then return "C" end end})

local function gmatch_all(s, p, i)
  local r, k = {}, 0
  for a, b, c in string.gmatch(s, p, i) do
    k = k + 1
    if k > 30 then break end
    r[#r + 1] = show(a, b, c)
  end
  return table.concat(r, ";")
end

local function try(p, s)
  local i = init(#s)
  emit(show(p, s, i))
  emit(" find " .. result(pcall(string.find, s, p, i)))
  emit(" plain " .. result(pcall(string.find, s, p, i, true)))
  emit(" match " .. result(pcall(string.match, s, p, i)))
  emit(" gmatch " .. result(pcall(gmatch_all, s, p, i)))
  local t = template()
  emit(" gsub " .. show(t) .. " " .. result(pcall(string.gsub, s, p, t)))
  emit(" gsubn " .. result(pcall(string.gsub, s, p, "<%0>", pick{NIL, 0, 1, 2, -1, 1.5, "1", math.maxinteger})))
  local f = rnd(#answers)
  emit(" gsubf " .. f .. " " .. result(pcall(string.gsub, s, p, answers[f])))
  emit(" gsubt " .. result(pcall(string.gsub, s, p, lookup)))
end

for _ = 1, tonumber(PAIRS or 20000) do try(pair()) end

-- Nesting at Lua 5.4's limit of 200 calls and at the 32 captures, on both sides of it.
for k = 95, 105 do
  try(("a?"):rep(2 * k), ("a"):rep(2 * k - 3 + rnd(6)))
  try(("a*b?"):rep(k), ("ab"):rep(k - 2 + rnd(4)))
  try(("a-b"):rep(2 * k), ("ab"):rep(2 * k - 3 + rnd(6)))
  try(("(a?)"):rep(k // 3) .. ("a?"):rep(2 * k - k // 3 * 3), ("a"):rep(2 * k))
  try("(" .. ("a?"):rep(2 * k - 4) .. ")", ("a"):rep(2 * k))
  try(("()a*"):rep(k // 3 - 1) .. ("b?"):rep(2 * k - k), ("a"):rep(5) .. ("b"):rep(2 * k))
end
for k = 30, 34 do
  try(("(a)"):rep(k), ("a"):rep(40))
  try(("()"):rep(k), "x")
  try(("(a)"):rep(k) .. "%" .. rnd(9), ("a"):rep(40))
end

-- Anchors, empty matches and edges in gmatch and gsub.
for _, p in ipairs{"^", "^$", "$", "^a", "a$", "^a*", "a-", "()", "^()", "x*", "%f[%w]", "%f[%W]", "^%s*", "%s*$", "$$", "^^", "a^", "%$", "[$^]", ".-$"} do
  for _, s in ipairs{"", "a", "aa", "a a", " a ", "^a$", "$"} do try(p, s) end
end

-- Arguments of every kind and number.
local calls = {
  {"find"}, {"find", "a"}, {"find", "a", {}}, {"find", {}, "a"}, {"find", 12345, 3}, {"find", "a", "a", {}},
  {"find", "abc", "b", nil, 1}, {"find", "abc", "b", 1, false}, {"match", "a"}, {"match", 1.5, "%."},
  {"gmatch", "a"}, {"gmatch", nil, "a"}, {"gmatch", "a", "a", "x"}, {"gsub", "a"}, {"gsub", "a", "a"},
  {"gsub", "a", "a", true}, {"gsub", "a", "a", nil}, {"gsub", "a", "a", "b", "x"}, {"gsub", "a", "a", true, "x"},
  {"gsub", 12, 1, 3}, {"gsub", "abc", "b", false}, {"rep", "ab", 3, ","}, {"rep", "", 5}, {"rep", "x", 0},
  {"rep", "x", -1, "y"}, {"rep", "", 3, "-"}, {"rep", "abc", 1, "--"}, {"rep", "a", 2^31}, {"rep", "ab", 2^30},
  {"rep", "x", 1.5}, {"rep"}, {"rep", "x", 3, {}}, {"rep", "ab", 4, ""},
}
for _, c in ipairs(calls) do
  emit(show(table.unpack(c, 1, 5)) .. " " .. result(pcall(string[c[1]], table.unpack(c, 2, 5))))
end

-- gsub gives its subject back, unchanged, when nothing was replaced (lua5.4 does).
local s = ("a"):rep(50)
emit(tostring(string.format("%p", s) == string.format("%p", (s:gsub("b", "c")))))
emit(tostring(string.format("%p", s) == string.format("%p", (s:gsub(".", {})))))
emit(tostring(string.format("%p", s) == string.format("%p", (s:gsub(".", "%0")))))

print(table.concat(out, "\n"))
print("lines", lines + 1)
