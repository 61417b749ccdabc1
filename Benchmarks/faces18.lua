-- The bench's asymmetric diagnosis (scripts/bench, group faces): Chernoff's 18 channels,
-- each half of the face its own column (Flury and Riedwyl's asymmetric faces), from the 15
-- numeric columns x01…x15 of the generated rows, each scaled from its column's min and max.
diagnosis "row" {
  channels = {
    left = {
      head_width = "x01", head_split = "x02", head_height = "x03", forehead_width = "x04",
      jaw_width = "x05", nose_length = "x06", mouth_height = "x07", smile = "x08",
      mouth_width = "x09", eye_height = "x10", eye_spacing = "x11", eye_slant = "x12",
      eye_eccentricity = "x13", eye_size = "x14", pupil = "x15", brow_height = "x01",
      brow_slant = "x02", brow_width = "x03",
    },
    right = {
      head_width = "x15", head_split = "x14", head_height = "x13", forehead_width = "x12",
      jaw_width = "x11", nose_length = "x10", mouth_height = "x09", smile = "x07",
      mouth_width = "x08", eye_height = "x06", eye_spacing = "x05", eye_slant = "x04",
      eye_eccentricity = "x03", eye_size = "x02", pupil = "x01", brow_height = "x15",
      brow_slant = "x14", brow_width = "x13",
    },
  },
}
