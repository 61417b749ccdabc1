-- The flat look of iOS 7 (September 2013), as Psychologist drew every screen before it
-- drew the seed's iOS 6: a light grey bar under a thin grey line, a black title, a plain
-- blue "‹ Back", square outlined buttons with their titles at the left, no shadows, no
-- gradients (both ends of each "gradient" alike), a white status bar, a light grey hairline
-- between the iPad's master and detail.
--
--   psychologist show examples/psychologist.lua bite --screen --plugin examples/plugins/ios7.lua --theme ios7

theme "ios7" {
  fonts = { "Helvetica Neue", "Liberation Sans", "Arial", "sans-serif" },
  status_bar = "#f7f7f7", status_from_bar = false, status_text = "black",
  bar_top = "#f7f7f7", bar_bottom = "#f7f7f7", bar_highlight = false, bar_edge = "#b2b2b2",
  title = "black", title_shadow = false, title_size = 17,
  back_bordered = false, back_text = "#007aff",
  button_fill = "white", button_border = "gray", button_text = "#007aff",
  button_size = 17, button_bold = false, button_radius = 0, button_centred = false,
  popover_top = "#f7f7f7", popover_bottom = "#f7f7f7", popover_frame = 1, popover_radius = 13,
  popover_shadow = 0, divider = "#b2b2b2",
}
