-- A named style: psychologist show … --style ink, or style = "ink" on a diagnosis.
style "ink" { color = "black", line_width = 3, eye_radius = 0.08 }
