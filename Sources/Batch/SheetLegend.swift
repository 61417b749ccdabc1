// The contact sheet's legend: which column drives which channel, over which range, so a
// reader can decode the faces without the script at hand.

import Psychologist
import Readable
import Render

/// The legend of a diagnosis's channel mapping, one line a channel.
enum SheetLegend {
  /// `smile ← mpg (10.4 … 33.9)`, `eye_height ← qsec, reversed (14.5 … 22.9)`, in channel
  /// order; a function's mapping says so in one line. Empty without channels.
  static func lines(_ mapping: ChannelMapping?, ranges: [String: ColumnRange]) -> [String] {
    guard let mapping else { return [] }
    guard case .columns(let list) = mapping.source else {
      return ["channels computed by the diagnosis's function of the row"]
    }
    let missing = list.compactMap { c in
      c.missing.map { "missing \(c.column) (\(c.name)): \($0.legend)" }
    }
    return list.map { c in
      let range = (ranges[c.column] ?? mapping.ranges[c.column]).map {
        " (\(formatNumber($0.low)) … \(formatNumber($0.high)))"
      }
      let low = c.channel.lowest == 0 ? "0" : "−1"
      return "\(c.name) \(low)…1 ← \(c.column)\(c.reverse ? ", reversed" : "")"
        + (range ?? " (no range)")
    } + ["missing values: \(mapping.missing.legend)"] + missing
  }

  /// The legend as SVG text lines from `y`, in two columns across `width`; and its height.
  static func svg(_ lines: [String], y: Int, width: Int) -> (text: [UInt8], height: Int) {
    guard !lines.isEmpty else { return ([], 0) }
    let lineHeight = 16
    let perColumn = width >= 640 ? (lines.count + 1) / 2 : lines.count
    var out: [UInt8] = []
    func put(_ s: String) { out.append(contentsOf: s.utf8) }
    put(
      "<text x=\"12\" y=\"\(y + 18)\" font-family=\"sans-serif\" font-size=\"13\" font-weight=\"bold\">channels ← columns (range)</text>\n"
    )
    for (i, line) in lines.enumerated() {
      let column = i / max(perColumn, 1)
      let x = 12 + column * (width / 2)
      let ly = y + 38 + (i % max(perColumn, 1)) * lineHeight
      put(
        "<text x=\"\(x)\" y=\"\(ly)\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#333333\">"
      )
      SVGRenderer.appendEscaped(line, to: &out)
      put("</text>\n")
    }
    return (out, 30 + perColumn * lineHeight + 8)
  }
}

/// How the contact sheet is laid out beyond its faces.
package struct SheetLayout: Sendable {
  /// Faces a row (nil: as square a grid as fits).
  package var columns: Int?
  /// A title drawn above the grid, if any.
  package var heading: String?
  /// The text under each face, a template of the row's columns (`{model} · {mpg}`);
  /// nil: the row's id.
  package var label: String?
  /// Faces placed at two columns' values instead of in a grid.
  package var at: SheetPlacement?
  /// The order of the faces (nil: row order).
  package var sort: SheetSort?
  /// `--face-size`: the faces' size across on an `--at` sheet (nil: from their spacing).
  package var faceSize: Int?
  /// The legend's lines, drawn below the grid.
  var legend: [String] = []
  /// Known column ranges (`--ranges`, the channels' scan, declared): `--at`'s axes use them.
  var ranges: [String: ColumnRange] = [:]
  /// Square cells, each face's document cropped to the square around its face: a data
  /// sheet's faces fill their cells (a phone's content left 40% of a cell blank).
  var square = false
  /// The happiness line under each face: only when no channel sets the smile (then it
  /// says nothing the face does not).
  var showsHappiness = true

  /// The default: a square grid, no title, no legend.
  package init(columns: Int? = nil, heading: String? = nil) {
    self.columns = columns
    self.heading = heading
  }
}
