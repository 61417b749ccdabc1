-- Generated pattern/subject pairs through every pattern function, printing every result
-- and error message: PatternTests runs it under lua5.4 and under psychologist run and
-- compares the outputs. Errors raised from a Lua call site carry this file's name and line.
local seed = 12345
local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n + 1 end
local atoms = {"a","b","c",".","%a","%d","%s","%w","%p","%A","[ab]","[^a]","[a-c]","[%d%a]","%%","%.","(",")","()","%1","%2","%b()","%f[%a]","%f[%A]","^","$","*","+","-","?","x","[]","[^]","%","[a","%b(","%f","%z","%g","%x","%u","%l","%c","]","-","[%]]","[a-]","%0"}
local subj = {"a","b","c","(",")"," ","1","2","x",".","%","A","\0","\n","-"}
local function pat() local t = {} for i = 1, rnd(6) do t[#t+1] = atoms[rnd(#atoms)] end return table.concat(t) end
local function sub() local t = {} for i = 1, rnd(12) - 1 do t[#t+1] = subj[rnd(#subj)] end return table.concat(t) end
local function show(...)
  local n = select("#", ...)
  local t = {}
  for i = 1, n do local v = select(i, ...) t[i] = type(v) == "string" and string.format("%q", v) or tostring(v) end
  return table.concat(t, ",")
end
local function strip(ok, ...) if ok then return show(...) end local e = ... ; return "ERR " .. tostring(e) end
local reps = {"%0", "<%1>", "%2", "%%", "x%", "%x", "", "[%0]"}
for i = 1, tonumber(N or 1500) do
  local p, s = pat(), sub()
  local init = ({nil, 1, 2, -1, 0, 100, -100})[rnd(7)]
  print(i, string.format("%q", p), string.format("%q", s), init)
  print(" find", strip(pcall(string.find, s, p, init)))
  print(" at", strip(pcall(function() return s:find(p, init) end)))
  print(" match", strip(pcall(string.match, s, p, init)))
  print(" plain", strip(pcall(string.find, s, p, init, true)))
  print(" gsub", strip(pcall(string.gsub, s, p, reps[rnd(#reps)])))
  print(" gsubn", strip(pcall(string.gsub, s, p, "<%0>", rnd(3) - 1)))
  print(" gsubf", strip(pcall(string.gsub, s, p, function(a, b) if b then return nil end return a and (type(a)=="number" and a or a:upper()) end)))
  print(" gsubt", strip(pcall(string.gsub, s, p, {a = "A", b = false, ["("] = 1})))
  local r = {}
  print(" gmatch", strip(pcall(function() local k = 0 for a, b in string.gmatch(s, p, init) do k = k + 1 if k > 20 then break end r[#r+1] = show(a, b) end return table.concat(r, ";") end)))
end
for _, c in ipairs{ {"rep", "ab", 3, ","}, {"rep", "", 5}, {"rep", "x", 0}, {"rep", "x", -1, "y"}, {"rep", "", 3, "-"}, {"rep", "abc", 1, "--"}, {"rep", "a", 2^31}} do
  print(c[1], strip(pcall(string[c[1]], table.unpack(c, 2))))
end
print(strip(pcall(string.gsub, "abc", "b", true)))
print(strip(pcall(string.gsub, "abc", "b", function() return {} end)))
print(strip(pcall(string.find)))
print(strip(pcall(string.find, "a", {})))
print(strip(pcall(string.gmatch, "a")))
print(strip(pcall(string.find, ("a"):rep(300), ("(a)"):rep(33))))
print(strip(pcall(string.find, ("a"):rep(300), ("a?"):rep(250))))
print(strip(pcall(string.match, "hello world from Lua", "^(%w+)")))
print(strip(pcall(string.match, "  key = value  ", "^%s*(%S+)%s*=%s*(%S+)%s*$")))
print(strip(pcall(string.gsub, "hello world", "(o)", "%1%1", 1)))
print(strip(pcall(string.gsub, "THE (quick) fox", "%f[%a]%a+", "W")))
print(strip(pcall(string.gsub, "abc", "", "-")))
print(strip(pcall(string.gsub, "abc", ".-", "-")))
print(strip(pcall(string.gsub, "abc", "b*", "-")))
print(strip(pcall(string.match, "x = (a(b)c)", "%b()")))
print(strip(pcall(string.find, "abc", "b", 1.5)))
print(strip(pcall(string.find, "abc", "b", "2")))
