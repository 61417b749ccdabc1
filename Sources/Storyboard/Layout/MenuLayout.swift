// Which of a menu's buttons show, and where, when the menu may hold more than its pane
// fits: the menu scrolls, as a UIScrollView does on iOS, and a scroll indicator at its
// right edge says how much there is and where the view is; no button is cut silently.
// `show --screen` (rows of points) and `play` (rows of cells) scroll it alike.

import TextMetrics

/// A menu of `count` buttons in `slots` rows, scrolled so that button `offset` is in the
/// first row. Everything fits: nothing scrolls, no indicator.
public struct MenuLayout: Equatable, Sendable {
  /// The buttons in the menu.
  public var count: Int
  /// The rows the pane has room for.
  public var slots: Int
  /// The button in the first row, within `0...maxOffset`.
  public var offset: Int

  /// The layout of `count` buttons in `slots` rows scrolled to `offset` (clamped to the
  /// scrolling there is: the last button never leaves the last row empty above it).
  public init(count: Int, slots: Int, offset: Int = 0) {
    self.count = max(count, 0)
    self.slots = max(slots, 0)
    self.offset = 0
    self.offset = min(max(offset, 0), maxOffset)
  }

  /// The same menu scrolled `n` rows on (back when negative), within the scrolling there is.
  public func scrolled(by n: Int) -> MenuLayout {
    MenuLayout(count: count, slots: slots, offset: offset + n)
  }

  /// Whether every button fits at once.
  public var fits: Bool { count <= slots }

  /// The furthest the menu scrolls: its last button in the last row.
  public var maxOffset: Int { max(count - slots, 0) }

  /// The indices of the buttons shown (none when no row fits).
  public var shown: Range<Int> {
    guard slots > 0 else { return 0..<0 }
    return offset..<min(offset + slots, count)
  }

  /// The button below the last row, which a pane with room to spare shows the top of (nil:
  /// none is below, or no row fits).
  public var partlyShown: Int? {
    slots > 0 && hiddenBelow > 0 ? shown.upperBound : nil
  }

  /// Buttons scrolled out above.
  public var hiddenAbove: Int { shown.isEmpty ? 0 : shown.lowerBound }
  /// Buttons below the last row (all of them when no row fits).
  public var hiddenBelow: Int { count - shown.upperBound }

  /// The row of shown button `index`.
  public func slot(of index: Int) -> Int { index - offset }

  /// The scroll indicator, when the menu scrolls: where its bar starts and how long it is,
  /// as parts of the menu's height (the rows shown over all the buttons, as UIScrollView
  /// sizes its indicator from the visible part of its content).
  public var indicator: (start: Double, length: Double)? {
    guard !fits, count > 0, slots > 0 else { return nil }
    return (Double(offset) / Double(count), Double(slots) / Double(count))
  }

  /// `title` as a button shows it in `room` terminal columns: whole when it fits, else cut
  /// with "…" at the end (`Truncation.truncatingTail`, the rule the points follow too), so a
  /// long title never runs out of its button, whatever its script.
  public static func fitted(_ title: String, room: Int) -> String {
    Truncation.truncatingTail(title, columns: room)
  }
}
