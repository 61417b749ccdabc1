// The one rule that cuts text to its room, as UIKit's labels and buttons cut it
// (NSLineBreakByTruncatingTail): whole when it fits, else as many whole grapheme clusters
// as fit with "…" after them. Points and terminal cells both cut by it; only the measure
// differs.

/// Cutting text to fit.
public enum Truncation {
  /// The ellipsis UIKit puts where text was cut.
  public static let ellipsis: Character = "…"

  /// `text` whole when `measure` of all its clusters is at most `room`; else its longest
  /// prefix of whole grapheme clusters that leaves room for "…", then "…" (trailing spaces
  /// dropped before it, as UIKit did); "" when not even "…" fits. Never cuts inside a
  /// cluster, so a mark stays on its letter and a family emoji stays whole.
  public static func truncatingTail(
    _ text: String, toFit room: Double, measure: (Character) -> Double
  ) -> String {
    var total = 0.0
    for c in text { total += measure(c) }
    if total <= room + 1e-9 { return text }
    let dots = measure(ellipsis)
    guard dots <= room + 1e-9 else { return "" }
    var kept = Substring()
    var used = 0.0
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      let w = measure(c)
      if used + w + dots > room + 1e-9 { break }
      used += w
      index = text.index(after: index)
      kept = text[..<index]
    }
    while let last = kept.last, last == " " { kept = kept.dropLast() }
    return String(kept) + String(ellipsis)
  }

  /// `text` cut with "…" to fit `room` points in `size`-point type of `weight`.
  public static func truncatingTail(
    _ text: String, toFit room: Double, size: Double, weight: FontWeight
  ) -> String {
    truncatingTail(text, toFit: room) { TextWidth.em($0, weight: weight) * size }
  }

  /// `text` cut with "…" to fit `room` terminal columns.
  public static func truncatingTail(_ text: String, columns room: Int) -> String {
    truncatingTail(text, toFit: Double(room)) { Double(TerminalCells.of($0)) }
  }
}
