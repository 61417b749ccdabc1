// Which of a menu's buttons show, and where, when the menu may hold more than its pane
// fits: `show --screen` (rows of points) and `play` (rows of cells) page through it alike
// and both say how many buttons are hidden above and below, so none is cut silently.

/// A menu of `count` buttons in `slots` rows (a row holds a button or a "more" line), at a
/// page. Everything fits: one page, no "more" rows. Otherwise the last row of a page says
/// "N more ↓" and, from the second page on, the first says "N more ↑": the first page holds
/// `slots - 1` buttons, the others `slots - 2` (with fewer than three rows, one a page).
public struct MenuLayout: Equatable, Sendable {
  /// The buttons in the menu.
  public var count: Int
  /// The rows the pane has room for.
  public var slots: Int
  /// The page shown, 0-based, within `0..<pages`.
  public var page: Int

  /// The layout of `count` buttons in `slots` rows at `page` (clamped to the pages there are).
  public init(count: Int, slots: Int, page: Int = 0) {
    self.count = max(count, 0)
    self.slots = max(slots, 0)
    self.page = 0
    self.page = min(max(page, 0), pages - 1)
  }

  /// The same menu `n` pages on (back when negative), within the pages there are.
  public func turned(by n: Int) -> MenuLayout {
    MenuLayout(count: count, slots: slots, page: page + n)
  }

  /// Whether every button fits at once.
  public var fits: Bool { count <= slots }

  /// Whether pages keep rows for "more" lines (three rows or more).
  private var framed: Bool { !fits && slots >= 3 }

  /// The buttons on the first page, and on each page after it.
  private var perPage: (first: Int, rest: Int) {
    if fits { return (count, max(count, 1)) }
    return framed ? (slots - 1, slots - 2) : (1, 1)
  }

  /// The pages there are (at least one).
  public var pages: Int {
    guard !fits, slots > 0 else { return 1 }
    let (first, rest) = perPage
    return 1 + (count - first + rest - 1) / rest
  }

  /// The indices of the buttons shown (none when no row fits).
  public var shown: Range<Int> {
    guard slots > 0 else { return 0..<0 }
    let (first, rest) = perPage
    let start = page == 0 ? 0 : first + (page - 1) * rest
    return start..<min(start + (page == 0 ? first : rest), count)
  }

  /// Buttons hidden above the page.
  public var hiddenAbove: Int { slots > 0 ? shown.lowerBound : 0 }
  /// Buttons hidden below the page (all of them when no row fits).
  public var hiddenBelow: Int { slots > 0 ? count - shown.upperBound : count }

  /// The row of shown button `index`.
  public func slot(of index: Int) -> Int {
    (framed && page > 0 ? 1 : 0) + index - shown.lowerBound
  }

  /// The row saying how many are hidden above, when some are and a row is left for it.
  public var aboveSlot: Int? { framed && page > 0 ? 0 : nil }

  /// The row saying how many are hidden below (with two rows, it says both), when some
  /// are hidden and a row is left for it.
  public var belowSlot: Int? {
    guard !fits, slots >= 2 else { return nil }
    return framed ? (hiddenBelow > 0 ? slots - 1 : nil) : 1
  }

  /// What a "more" row says: "3 more ↑", "12 more ↓", or both in one row when only two
  /// rows fit. `key` (e.g. "PgDn") names how to get there, when there is one.
  public func moreText(above: Bool, keys: (up: String, down: String)? = nil) -> String {
    func say(_ n: Int, _ arrow: String, _ key: String?) -> String {
      "\(n) more \(arrow)" + (key.map { " (\($0))" } ?? "")
    }
    if above { return say(hiddenAbove, "↑", keys?.up) }
    if slots < 3 {
      return [
        hiddenAbove > 0 ? say(hiddenAbove, "↑", nil) : nil,
        hiddenBelow > 0 ? say(hiddenBelow, "↓", nil) : nil,
      ].compactMap { $0 }.joined(separator: " · ")
    }
    return say(hiddenBelow, "↓", keys?.down)
  }

  /// `title` as a button shows it in `room` units (characters, or cells): whole when it
  /// fits, else cut with "…" at the end, so a long title never runs out of its button.
  /// `width` gives a character's units (a wide character takes two cells).
  public static func fitted(
    _ title: String, room: Int, width: (Unicode.Scalar) -> Int = { _ in 1 }
  ) -> String {
    var total = 0
    for scalar in title.unicodeScalars { total += width(scalar) }
    guard total > room else { return title }
    var kept = String.UnicodeScalarView()
    var used = 0
    for scalar in title.unicodeScalars {
      let w = width(scalar)
      if used + w > room - 1 { break }
      kept.append(scalar)
      used += w
    }
    return room > 0 ? String(kept) + "…" : ""
  }
}
