// Where a navigation bar's title goes and how much of it shows, as UINavigationBar of iOS 6
// placed it: centred in the bar; moved right when that would run under the back button; cut
// at the end with "…" when it does not fit between the back button and the bar's right edge
// at all. One rule for points (`show --screen`, the page) and cells (`play`), and the one
// the iOS 6 transitions' bar titles are placed by.

import TextMetrics

/// A bar title placed: the text shown and the x its middle is at.
public struct PlacedBarTitle: Equatable, Sendable {
  /// The title as shown: whole, or cut with "…".
  public var text: String
  /// The horizontal middle of the shown text.
  public var centre: Double
  /// The shown text's width, as `measure` gave it.
  public var width: Double
}

/// UINavigationBar's title rule.
public enum BarTitle {
  /// `title` placed in the room from `left` (right of the back button and its gap) to `right`
  /// (the bar's right edge less its gap), centred on `middle` (the bar's) when it fits there,
  /// else as near it as fits, else cut with "…" to fill the room; `measure` gives a grapheme
  /// cluster's width in the bar's units (points, or cells).
  public static func place(
    _ title: String, middle: Double, left: Double, right: Double,
    measure: (Character) -> Double
  ) -> PlacedBarTitle {
    let room = max(right - left, 0)
    var text = title
    var width = 0.0
    for c in title { width += measure(c) }
    if width > room {
      text = Truncation.truncatingTail(title, toFit: room, measure: measure)
      width = 0
      for c in text { width += measure(c) }
    }
    let centre = min(max(middle, left + width / 2), max(right - width / 2, left + width / 2))
    return PlacedBarTitle(text: text, centre: centre, width: width)
  }
}
