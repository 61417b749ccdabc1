// The contact sheet's legend: which column drives which channel, over which range, so a
// reader can decode the faces without the script at hand.

import Psychologist
import Readable
import Render

/// The legend of a diagnosis's channel mapping: a line a channel, each with its key faces
/// (the channel at its low and its high end) and, for face_color, its swatches.
enum SheetLegend {
  /// One line, its key faces rendered (SVG documents) once for every page.
  struct Line: Sendable {
    var text: String
    var keys: (low: [UInt8], high: [UInt8])?
    var keyLabels: (low: String, high: String) = ("", "")
    /// `#rrggbb` and what it stands for.
    var swatches: [(color: String, label: String)] = []
  }

  /// The legend's lines for `entries` (`DataLegend.entries`).
  static func lines(_ entries: [LegendEntry]) -> [Line] {
    entries.map { e in
      var line = Line(text: e.text)
      if let keys = e.keys {
        line.keys = (render(keys.low, format: .svg), render(keys.high, format: .svg))
        line.keyLabels = e.keyLabels
      }
      line.swatches = e.swatches.map { ($0.color.svg, $0.label) }
      return line
    }
  }

  /// The key faces' size across on the sheet.
  static let keySize = 40
  /// A line with key faces: as tall as they are, with their labels.
  static let keyLineHeight = 54
  /// A line of text.
  static let textLineHeight = 16
  /// A line of swatches under its channel's.
  static let swatchLineHeight = 20

  /// The height `line` takes.
  static func height(_ line: Line) -> Int {
    (line.keys == nil ? textLineHeight : keyLineHeight)
      + (line.swatches.isEmpty ? 0 : swatchLineHeight)
  }

  /// The legend drawn from `y`, in two columns when `width` has room; and its height.
  static func svg(_ lines: [Line], y: Int, width: Int) -> (text: [UInt8], height: Int) {
    guard !lines.isEmpty else { return ([], 0) }
    // The columns split the lines where half of the height is reached.
    let total = lines.reduce(0) { $0 + height($1) }
    let split = width >= 640 ? (total + 1) / 2 : total
    var out: [UInt8] = []
    func put(_ s: String) { out.append(contentsOf: s.utf8) }
    func text(_ s: String, x: Int, y: Int, size: Int, fill: String, anchor: String? = nil) {
      put(
        "<text x=\"\(x)\" y=\"\(y)\" font-family=\"sans-serif\" font-size=\"\(size)\" fill=\"\(fill)\"\(anchor.map { " text-anchor=\"\($0)\"" } ?? "")>"
      )
      SVGRenderer.appendEscaped(s, to: &out)
      put("</text>\n")
    }
    let keyed = lines.contains { $0.keys != nil }
    put(
      "<text x=\"12\" y=\"\(y + 18)\" font-family=\"sans-serif\" font-size=\"13\" font-weight=\"bold\">channels ← columns (range)\(keyed ? "; key faces: the channel at its low end, its high end" : "")</text>\n"
    )
    var column = 0
    var ly = 0
    var tallest = 0
    for line in lines {
      let h = height(line)
      if column == 0 && ly > 0 && ly + h > split && width >= 640 {
        column = 1
        ly = 0
      }
      let x = 12 + column * (width / 2)
      let top = y + 26 + ly
      if let keys = line.keys {
        let k = Double(keySize)
        // Marked as keys (`<svg class="key"`), told apart from the grid's faces.
        put("<g class=\"key\">\n")
        for (doc, kx) in [(keys.low, x), (keys.high, x + keySize + 10)] {
          let face = BatchSheet.nested(doc, x: Double(kx), y: Double(top), width: k, height: k)
          out += Array("<svg class=\"key\"".utf8) + face.dropFirst(4)
        }
        put("</g>\n")
        let labelY = top + keySize + 10
        text(
          short(line.keyLabels.low), x: x + keySize / 2, y: labelY, size: 9, fill: "#555555",
          anchor: "middle")
        text(
          short(line.keyLabels.high), x: x + keySize * 3 / 2 + 10, y: labelY, size: 9,
          fill: "#555555", anchor: "middle")
        text(
          line.text, x: x + 2 * keySize + 18, y: top + keySize / 2 + 4, size: 12, fill: "#333333")
      } else {
        text(line.text, x: x, y: top + 12, size: 12, fill: "#333333")
      }
      if !line.swatches.isEmpty {
        let sy = top + (line.keys == nil ? textLineHeight : keyLineHeight)
        var sx = x + (line.keys == nil ? 0 : 2 * keySize + 18)
        for swatch in line.swatches {
          put(
            "<rect class=\"swatch\" x=\"\(sx)\" y=\"\(sy)\" width=\"14\" height=\"14\" fill=\"\(swatch.color)\" stroke=\"#888888\"/>\n"
          )
          let label = short(swatch.label)
          text(label, x: sx + 18, y: sy + 11, size: 11, fill: "#333333")
          sx += 18 + 7 * label.count + 14
        }
      }
      ly += h
      tallest = max(tallest, ly)
    }
    return (out, 26 + tallest + 10)
  }

  /// A label cut to fit under a key face or beside a swatch.
  static func short(_ s: String) -> String { s.count > 16 ? String(s.prefix(15)) + "…" : s }
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
  var legend: [SheetLegend.Line] = []
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
