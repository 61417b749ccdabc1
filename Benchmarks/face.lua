-- Pure-Lua baseline for scripts/bench: the seed face (docs/ARCHITECTURE.md) as the same
-- SVG documents psychologist prints, numbers as printf("%.2f") with trailing zeros dropped.
--   lua5.4 bench/face.lua face 70      -- like: psychologist face --happiness 70 --format svg
--   lua5.4 bench/face.lua loop 200000  -- like: the run script printing s:svg() in a loop

local function num(v)
  local s = string.format("%.2f", v):gsub("0+$", ""):gsub("%.$", "")
  if s == "-0" then s = "0" end
  return s
end

local function title(h)
  if h == math.floor(h) then return string.format("%d", h) end
  return tostring(h)
end

local function svg(happiness, w, h, heading)
  local smile = math.max(-1, math.min(1, (happiness - 50) / 50))
  local mx, my = w / 2, h / 2
  local size = math.min(w, h) / 2 * 0.90
  local eye_y = my - 0.35 * size
  local er = 0.10 * size
  local mouth_y = my + 0.40 * size
  local sx, ex = mx - 0.45 * size, mx + 0.45 * size
  local reach = 0.45 * size * 2 / 3
  local off = 0.25 * size * smile
  return table.concat {
    '<svg xmlns="http://www.w3.org/2000/svg" width="', num(w), '" height="', num(h),
    '" viewBox="0 0 ', num(w), ' ', num(h), '">\n<title>', heading, title(happiness),
    '</title>\n<g fill="none" stroke="blue" stroke-width="5" stroke-linecap="round">\n',
    '<circle cx="', num(mx), '" cy="', num(my), '" r="', num(size), '"/>\n',
    '<circle cx="', num(mx - 0.35 * size), '" cy="', num(eye_y), '" r="', num(er), '"/>\n',
    '<circle cx="', num(mx + 0.35 * size), '" cy="', num(eye_y), '" r="', num(er), '"/>\n',
    '<path d="M', num(sx), ' ', num(mouth_y), 'C', num(sx + reach), ' ', num(mouth_y + off),
    ' ', num(ex - reach), ' ', num(mouth_y + off), ' ', num(ex), ' ', num(mouth_y),
    '"/>\n</g>\n</svg>\n',
  }
end

local mode, arg1 = arg[1], tonumber(arg[2])
if mode == "face" then
  io.write(svg(arg1, 320, 480, "happiness "))
elseif mode == "loop" then
  for i = 0, arg1 - 1 do
    print(svg(i % 101, 320, 416, "Happiness: happiness "))
  end
else
  io.stderr:write("usage: lua5.4 bench/face.lua face H | loop N\n")
  os.exit(2)
end
