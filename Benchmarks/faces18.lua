-- The bench's asymmetric diagnosis (scripts/bench, group faces): Chernoff's 18 channels,
-- each half of the face its own column (Flury and Riedwyl's asymmetric faces), from the 15
-- numeric columns x01…x15 of the generated rows, each scaled from its column's min and max.
local chernoff = {
  "head_width", "head_split", "head_height", "forehead_width", "jaw_width", "nose_length",
  "mouth_height", "smile", "mouth_width", "eye_height", "eye_spacing", "eye_slant",
  "eye_eccentricity", "eye_size", "pupil", "brow_height", "brow_slant", "brow_width",
}
local left, right = {}, {}
for i, channel in ipairs(chernoff) do
  -- The left half counts the columns up, the right half down: every half differs.
  left[channel] = string.format("x%02d", (i - 1) % 15 + 1)
  right[channel] = string.format("x%02d", (15 - i) % 15 + 1)
end
diagnosis "row" { channels = { left = left, right = right } }
