style { scale = 0/0, line_width = -1, color = "mauve-ish", eye_h = 1/0, eye_v = "x", eye_radius = {}, mouth_h = true, mouth_smile = 3 }
style "x" ("y")
