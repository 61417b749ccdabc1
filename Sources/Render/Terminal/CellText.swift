// Text in terminal cells, laid out one way for the renderer's labels and a screen's text:
// a character a cell, a wide one two, zero-width ones dropped, controls shown as blanks.

import Readable
import TextMetrics

/// Lays `text` out along a row from `column`: calls `body(column, value)` for each cell of
/// each character that lies within `lowest..<limit` (a wide one's right half with
/// `CellGrid.continuation`), and stops at the first that would pass `limit`. Zero-width characters are dropped and terminal controls become
/// spaces; with `ascii`, every character is one cell and non-ASCII ones their look-alikes.
/// Returns the column after the text (or where it stopped).
@inline(__always)
func layOutText(
  _ text: String, from column: Int, lowest: Int, limit: Int, ascii: Bool = false,
  _ body: (_ column: Int, _ value: UInt32) -> Void
) -> Int {
  var c = column
  for scalar in text.unicodeScalars {
    var value = scalar.value
    let width = terminalCellWidth(value)
    if width == 0 { continue }
    if isTerminalControl(value) { value = 0x20 }
    if ascii && value >= 0x80 { value = asciiLookalike(value) }
    let cells = ascii ? 1 : width
    if c + cells > limit { break }
    if c >= lowest {
      body(c, value)
      if cells == 2 { body(c + 1, CellGrid.continuation) }
    }
    c += cells
  }
  return c
}

/// The ASCII character drawn for a non-ASCII one: the look-alike of common punctuation
/// (a back button's `‹` reads `<`, not `?`), else `?`.
func asciiLookalike(_ v: UInt32) -> UInt32 {
  switch v {
  case 0x2039, 0x00AB, 0x2190, 0x25C0, 0x276E: return 0x3C  // ‹ « ← ◀ ❮  <
  case 0x203A, 0x00BB, 0x2192, 0x25B6, 0x276F: return 0x3E  // › » → ▶ ❯  >
  case 0x2010...0x2015, 0x2212, 0x2500: return 0x2D  // dashes, minus, ─  -
  case 0x2018, 0x2019, 0x2032: return 0x27  // ‘ ’ ′  '
  case 0x201C, 0x201D, 0x2033: return 0x22  // “ ” ″  "
  case 0x00B7, 0x2022, 0x2026: return 0x2E  // · • …  .
  case 0x00D7: return 0x78  // ×  x
  case 0x00A0: return 0x20  // no-break space
  case 0x2502: return 0x7C  // │  |
  default: return 0x3F  // ?
  }
}
