-- The bench's 15-channel diagnosis (scripts/bench, group faces): the 15 numeric columns
-- x01…x15 of the generated rows drive 15 channels, each scaled from its column's own min
-- and max, as aplpack's faces() scales its 15 features.
diagnosis "row" {
  channels = {
    head_width = "x01", head_height = "x02", eye_size = "x03", eye_spacing = "x04",
    eye_height = "x05", pupil = "x06", eye_opening = "x07", brow_height = "x08",
    brow_slant = "x09", mouth_width = "x10", smile = "x11", mouth_opening = "x12",
    nose_length = "x13", ear_size = "x14", face_color = "x15",
  },
}
