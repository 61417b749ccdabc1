// The contact sheet's legend: which column drives which channel, over which range, so a
// reader can decode the faces without the script at hand.

import App
import Channels
import Geometry
import Readable
import Render
import TextMetrics

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
    /// See `LegendEntry.aboutMissing`.
    var aboutMissing = false
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
      line.aboutMissing = e.aboutMissing
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

  /// How wide `text` is at `size` pixels in the sheet's sans-serif (TextMetrics' advance
  /// widths of DejaVu Sans, which draws it, rounded up).
  static func textWidth(_ text: String, size: Int, bold: Bool = false) -> Int {
    let weight: FontWeight = bold ? .bold : .regular
    return Int(
      TextWidth.of(text, size: Double(size), weight: weight, family: .sansSerif).rounded(.up))
  }

  /// Where a line's text starts, from its column's left: after its key faces, if any.
  static func textOffset(_ line: Line) -> Int { line.keys == nil ? 0 : 2 * keySize + 18 }

  /// How wide a swatch and its label are.
  static func swatchWidth(_ label: String) -> Int { 18 + textWidth(short(label), size: 11) + 14 }

  /// Where each of `line`'s swatches goes in a column `room` pixels wide: its x from where
  /// the line's text starts, and its row under the text (as many a row as fit, at least one).
  static func swatchPlaces(_ line: Line, room: Int) -> [(dx: Int, row: Int)] {
    var places: [(dx: Int, row: Int)] = []
    var used: Int?  // of the row being filled
    var row = -1
    for swatch in line.swatches {
      let w = swatchWidth(swatch.label)
      if used.map({ $0 + w > room - textOffset(line) }) ?? true {
        row += 1
        used = 0
      }
      places.append((used!, row))
      used! += w
    }
    return places
  }

  /// The height `line` takes in a column `room` pixels wide.
  static func height(_ line: Line, room: Int) -> Int {
    let swatchRows = swatchPlaces(line, room: room).last.map { $0.row + 1 } ?? 0
    return (line.keys == nil ? textLineHeight : keyLineHeight) + swatchRows * swatchLineHeight
  }

  /// The legend's heading in as few lines as fit `room` pixels: one, else a line a part.
  static func heading(keyed: Bool, room: Int) -> [String] {
    let parts =
      ["channels ← columns (range)"]
      + (keyed ? ["key faces: the channel at its low end, its high end"] : [])
    let whole = parts.joined(separator: "; ")
    return textWidth(whole, size: 13, bold: true) <= room ? [whole] : parts
  }

  /// The legend drawn from `y`: in two columns when every line fits half of `width`, else
  /// in one; its height, and the width it needs (more than `width` where a line is longer:
  /// the sheet widens rather than cut a line off).
  static func svg(_ lines: [Line], y: Int, width: Int) -> (text: [UInt8], height: Int, width: Int) {
    guard !lines.isEmpty else { return ([], 0, width) }
    let margin = 12
    func needs(_ line: Line) -> Int {
      let swatchRow = line.swatches.map { swatchWidth($0.label) }.max() ?? 0
      return textOffset(line) + max(textWidth(line.text, size: 12), swatchRow)
    }
    let keyed = lines.contains { $0.keys != nil }
    let widest = lines.map(needs).max() ?? 0
    let twoColumns = width >= 640 && widest <= width / 2 - 2 * margin
    let room = twoColumns ? width / 2 - 2 * margin : max(width - 2 * margin, widest)
    let headings = heading(keyed: keyed, room: max(width, widest + 2 * margin) - 2 * margin)
    let headingWidth = headings.map { textWidth($0, size: 13, bold: true) }.max() ?? 0
    let needed = max(width, 2 * margin + max(widest, headingWidth))
    let headingHeight = 26 + 17 * (headings.count - 1)
    // The columns split the lines where half of the height is reached.
    let total = lines.reduce(0) { $0 + height($1, room: room) }
    let split = twoColumns ? (total + 1) / 2 : total
    var w = SVGWriter()
    for (i, line) in headings.enumerated() {
      w.sheetText(line, at: (margin, y + 18 + 17 * i), size: 13, bold: true)
    }
    var column = 0
    var ly = 0
    var tallest = 0
    for line in lines {
      let h = height(line, room: room)
      if column == 0 && ly > 0 && ly + h > split && twoColumns {
        column = 1
        ly = 0
      }
      draw(line, at: (margin + column * (width / 2), y + headingHeight + ly), room: room, &w)
      ly += h
      tallest = max(tallest, ly)
    }
    return (w.bytes, headingHeight + tallest + 10, needed)
  }

  /// One line of the legend, its top left corner at `at`, in a column `room` pixels wide:
  /// its key faces with their labels, its text, its swatches in rows under it.
  static func draw(_ line: Line, at: (x: Int, y: Int), room: Int, _ w: inout SVGWriter) {
    let (x, top) = at
    if let keys = line.keys {
      let k = Double(keySize)
      // Marked as keys (`<svg class="key"`), told apart from the grid's faces.
      w.startGroup(class: "key")
      for (doc, kx) in [(keys.low, x), (keys.high, x + keySize + 10)] {
        w.nest(doc, in: Rect(x: Double(kx), y: Double(top), width: k, height: k), class: "key")
      }
      w.close()
      let labelY = top + keySize + 10
      w.sheetText(
        short(line.keyLabels.low), at: (x + keySize / 2, labelY), size: 9, fill: "#555555",
        anchor: "middle")
      w.sheetText(
        short(line.keyLabels.high), at: (x + keySize * 3 / 2 + 10, labelY), size: 9,
        fill: "#555555", anchor: "middle")
      w.sheetText(
        line.text, at: (x + textOffset(line), top + keySize / 2 + 4), size: 12, fill: "#333333")
    } else {
      w.sheetText(line.text, at: (x, top + 12), size: 12, fill: "#333333")
    }
    // The swatches in rows under the text.
    let swatchTop = top + (line.keys == nil ? textLineHeight : keyLineHeight)
    for (swatch, place) in zip(line.swatches, swatchPlaces(line, room: room)) {
      let sx = x + textOffset(line) + place.dx, sy = swatchTop + place.row * swatchLineHeight
      w.open("rect")
      w.attribute("class", "swatch")
      w.attribute("x", sx)
      w.attribute("y", sy)
      w.attribute("width", 14)
      w.attribute("height", 14)
      w.attribute("fill", swatch.color)
      w.attribute("stroke", "#888888")
      w.endEmpty()
      w.sheetText(short(swatch.label), at: (sx + 18, sy + 11), size: 11, fill: "#333333")
    }
  }

  /// A label cut to fit under a key face or beside a swatch.
  static func short(_ s: String) -> String { cut(s, to: 16) }
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
