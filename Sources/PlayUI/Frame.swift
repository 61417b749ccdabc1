// One frame of `play`: the screen's cells (a Render cell grid), the areas the mouse can hit
// and what the keys tap, and where each pane was drawn (a transition moves those regions).

import Render
import Storyboard

/// One frame: a grid of cells, the colours it is written in, and the areas the mouse can hit.
package struct Frame {
  /// The screen's cells.
  package var grid: CellGrid
  /// How `lines()` writes the cells' colours.
  package var colors: ColorMode
  /// Clickable areas, back to front.
  package var targets: [Target] = []
  /// The buttons the keys tap, in the order of `buttonKeys` (the menu's page on screen;
  /// none when the menu cannot be tapped).
  package var keyedButtons: [String] = []
  /// The menu's layout in cells, when the menu is on screen (its page and pages).
  package var menu: MenuLayout?
  /// Where each pane was drawn, back to front: a transition moves these regions.
  package var panes: [DrawnPane] = []

  /// A blank frame of `columns`×`rows` cells, written in `colors`.
  package init(columns: Int, rows: Int, colors: ColorMode) {
    grid = CellGrid(columns: columns, rows: rows)
    self.colors = colors
  }

  /// Cells across.
  package var columns: Int { grid.columns }
  /// Cells down.
  package var rows: Int { grid.rows }

  /// The menu's scroll `n` rows on from `offset` (back when negative), within the scrolling
  /// this frame's menu has; nil when that changes nothing. (From the session's offset, not
  /// the one shown: replaying a history after an edit scrolls step by step.)
  package func menuScroll(by n: Int, from offset: Int) -> Int? {
    guard let menu, !menu.fits else { return nil }
    let from = MenuLayout(count: menu.count, slots: menu.slots, offset: offset)
    let to = from.scrolled(by: n).offset
    return to == from.offset ? nil : to
  }

  /// Rows a page key scrolls the menu by: a screenful (0 when no menu is on screen).
  package var menuScreenful: Int { menu?.slots ?? 0 }

  /// Whether the cell at (`column`, `row`) is over the menu's buttons (the wheel scrolls
  /// the menu there, and pinches the face elsewhere).
  package func isOverMenu(_ column: Int, _ row: Int) -> Bool {
    targets.contains {
      if case .button = $0.kind { return $0.rect.top <= row && row < $0.rect.bottom }
      return false
    }
  }

  /// Draws a box border along the edges of `r` (a popover, a form sheet), title on top.
  package mutating func box(_ r: CellRect, title: String, style s: UInt16) {
    guard r.right - r.left >= 2, r.bottom - r.top >= 2 else { return }
    for column in (r.left + 1)..<(r.right - 1) {
      grid.write("─", column, r.top, style: s)
      grid.write("─", column, r.bottom - 1, style: s)
    }
    for row in (r.top + 1)..<(r.bottom - 1) {
      grid.write("│", r.left, row, style: s)
      grid.write("│", r.right - 1, row, style: s)
    }
    grid.write("┌", r.left, r.top, style: s)
    grid.write("┐", r.right - 1, r.top, style: s)
    grid.write("└", r.left, r.bottom - 1, style: s)
    grid.write("┘", r.right - 1, r.bottom - 1, style: s)
    if !title.isEmpty {
      let bold = grid.style(CellStyle(bold: true))
      grid.write(" \(title) ", r.left + 2, r.top, style: bold, limit: r.right - 2)
    }
  }

  /// The terminal bytes of every row (see `TerminalEncoder.lines`).
  package func lines() -> [[UInt8]] { TerminalEncoder(colors: colors).lines(grid) }
}

/// Where a pane was drawn in cells: its whole region (a border included), and the rows
/// of its navigation bar (title and rule), if it has one.
package struct DrawnPane {
  package var role: PaneRole
  package var region: CellRect
  package var bar: CellRect?
}

/// Something the mouse can hit.
package struct Target {
  package enum Kind {
    case button(String)
    case back
    /// The detail's bar button that shows the master's popover (iPad portrait).
    case barButton
    /// The focused face: a drag of one row pans by `pointsPerRow`.
    case face(pointsPerRow: Double)
  }
  package var rect: CellRect
  package var kind: Kind
}

/// The bytes that turn the terminal from `old` lines into `new` ones: each changed row
/// rewritten whole from its first column (rows always hold exactly the frame's width).
package func update(from old: [[UInt8]], to new: [[UInt8]]) -> [UInt8] {
  var out: [UInt8] = []
  for (row, line) in new.enumerated() where row >= old.count || old[row] != line {
    out.append(contentsOf: TerminalControl.moveCursor(row: row, column: 0))
    out.append(contentsOf: line)
  }
  return out
}
