-- MessagePack (lua-messagepack): values packed to bytes (shown as hex) and back.
local mp = require "MessagePack"
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
for _, v in ipairs { 0, -1, 127, 128, 65536, 1.5, "text", true, false, { 1, 2, 3 } } do
  local packed = mp.pack(v)
  local back = mp.unpack(packed)
  print(math.type(v) or type(v), hex(packed), type(back) == "table" and #back or back)
end
print(hex(mp.pack({ 1, { 2, { 3 } } })), pcall(mp.unpack, "\xc1"))
