-- basexx (lua-basexx): base64, base32, hex, z85 both ways.
local basexx = require "basexx"
for _, text in ipairs { "", "f", "fo", "foo", "hello, world", "\0\1\2\255" } do
  print(basexx.to_base64(text), basexx.to_base32(text), basexx.to_hex(text))
  assert(basexx.from_base64(basexx.to_base64(text)) == text)
end
print(basexx.from_hex("48656C6C6F"), basexx.to_z85("12345678"), basexx.from_bit("01000001"))
