// The chrome's look in cells. With colour, it comes from the session's theme, the one
// source of the look that `show --screen` draws in points: a navigation bar is its
// background colour across its rows, the back button (and the iPad's bar button) a run of
// cells in the button's own colour with shaped ends, as iOS 6's bordered buttons stood off
// the bar, and the status line takes the status bar's colours. Without colour (NO_COLOR,
// `--color never`) play keeps its plain look: bold blue labels, a blue rule, reverse video.

import Declarations
import Render

/// The cell styles of a screen's chrome in one frame.
struct ChromeCells {
  /// What can be tapped in the plain look (bold blue), borders and rules (blue), a
  /// focused title (bold).
  var tint: UInt16
  var border: UInt16
  var bold: UInt16
  /// The bars' look with colour: a barred pane's, and a bar inside a dark popover frame
  /// (iOS 6 drew the master's bar in the popover's colours). Nil without colour.
  var bar: BarCells?
  var darkBar: BarCells?
  /// The status line with colour (the status bar's colours); nil: reverse video.
  var status: UInt16?

  init(_ grid: inout CellGrid, theme: Theme?, isPad: Bool, colors: ColorMode) {
    tint = grid.style(CellStyle(foreground: .basic(4), bold: true))
    border = grid.style(CellStyle(foreground: .basic(4)))
    bold = grid.style(CellStyle(bold: true))
    guard colors != .none, let theme else { return }
    bar = BarCells(&grid, theme, dark: false)
    darkBar = BarCells(&grid, theme, dark: true)
    status = grid.style(
      CellStyle(
        foreground: .rgb(theme.statusText), background: .rgb(theme.statusBarColor(isPad: isPad))))
  }
}

/// A navigation bar's cell styles in a theme.
struct BarCells {
  /// A blank cell of the bar: its colour (the gradient's bottom, as the terminal renderer
  /// flattens it for `show --screen --format terminal`).
  var blank: UInt16
  /// The bar's lower row: a thin line in the bar's edge colour at its foot.
  var rule: UInt16
  /// The title, plain and focused (bold when the theme's titles are).
  var title: UInt16
  var focusedTitle: UInt16
  /// A button's title on its own colour, and its ends (the button's colour on the bar's).
  var button: UInt16
  var buttonEnd: UInt16
  /// The key that taps a button, beside it on the bar.
  var key: UInt16
  /// Whether the back button is a bordered arrow (iOS 6) or a plain "‹ title" (iOS 7).
  var bordered: Bool
  /// The bar's colour.
  var color: Color

  init(_ grid: inout CellGrid, _ theme: Theme, dark: Bool) {
    color = dark ? theme.popoverBottom : theme.barBottom
    let edge = dark ? theme.popoverBottom : theme.barEdge
    let background = TerminalColor.rgb(color)
    blank = grid.style(CellStyle(background: background))
    rule = grid.style(CellStyle(foreground: .rgb(edge), background: background))
    title = grid.style(CellStyle(foreground: .rgb(theme.title), background: background))
    focusedTitle = grid.style(
      CellStyle(foreground: .rgb(theme.title), background: background, bold: theme.titleBold))
    bordered = theme.backBordered
    let face = theme.backBottom
    button = grid.style(
      CellStyle(
        foreground: .rgb(theme.backText), background: bordered ? .rgb(face) : background,
        bold: bordered))
    buttonEnd = grid.style(CellStyle(foreground: .rgb(face), background: background))
    key = grid.style(CellStyle(foreground: .rgb(theme.title), background: background, dim: true))
  }
}

/// A label on a bar as runs of text, each in its style: the button and its key.
struct BarLabel {
  var runs: [(text: String, style: UInt16)]

  /// The label's text, as a person reads it.
  var text: String { runs.map(\.text).joined() }

  /// The back button reading `title` (empty: the arrow alone): a bordered arrow-shaped run
  /// with colour, else "‹ title [b]".
  static func back(_ title: String, _ cells: ChromeCells, _ bar: BarCells?) -> BarLabel {
    guard let bar else {
      return BarLabel(runs: [("‹ " + (title.isEmpty ? "" : title + " ") + "[b]", cells.tint)])
    }
    guard bar.bordered else {
      return BarLabel(runs: [("‹ " + title, bar.button), (" [b]", bar.key)])
    }
    return BarLabel(runs: [
      ("◀", bar.buttonEnd), (title.isEmpty ? " " : " \(title) ", bar.button),
      ("▌", bar.buttonEnd), ("[b]", bar.key),
    ])
  }

  /// The iPad's bar button reading `title`: a bordered run with colour, else "title [m]".
  static func barButton(_ title: String, _ cells: ChromeCells, _ bar: BarCells?) -> BarLabel {
    guard let bar else { return BarLabel(runs: [("\(title) [m]", cells.tint)]) }
    guard bar.bordered else { return BarLabel(runs: [(title, bar.button), (" [m]", bar.key)]) }
    return BarLabel(runs: [
      ("▐", bar.buttonEnd), (" \(title) ", bar.button), ("▌", bar.buttonEnd), ("[m]", bar.key),
    ])
  }
}
