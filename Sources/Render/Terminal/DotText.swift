// Text in the raster: a label's characters go into the cells from the one holding its
// baseline's start, over the dots there; an opaque rect drawn later takes them away.

import Geometry
import Readable
import TextMetrics

extension Raster {
  /// Removes the text under an opaque filled rect.
  mutating func clearText(_ shape: Shape) {
    guard !text.isEmpty else { return }
    let r: Rect
    switch shape {
    case .rect(let rect), .roundedRect(let rect, _): r = rect
    default: return
    }
    let x0 = px(min(r.x, r.x + r.width)), x1 = px(max(r.x, r.x + r.width))
    let y0 = py(min(r.y, r.y + r.height)), y1 = py(max(r.y, r.y + r.height))
    guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
    let c0 = Raster.index((x0 / Double(1 << shiftX)).rounded(.down), 0, columns)
    let c1 = Raster.index((x1 / Double(1 << shiftX)).rounded(.up), 0, columns)
    let r0 = Raster.index((y0 / Double(1 << shiftY)).rounded(.down), 0, rows)
    let r1 = Raster.index((y1 / Double(1 << shiftY)).rounded(.up), 0, rows)
    guard c0 < c1, r0 < r1 else { return }
    for row in r0..<r1 { for column in c0..<c1 { text[row * columns + column] = 0 } }
  }

  /// Writes the characters into the cells from the one holding the baseline's start
  /// (raised by a third of the font size), as `layOutText` lays them out within the clip
  /// box, in the current colour.
  ///
  /// Centred text (`TextAnchor.middle`) starts half its cells left of its point. Text in the
  /// paper's colours (black, white) with no background under it takes the terminal's own
  /// colour: on a dark terminal black vanishes, on a light one white does.
  mutating func drawText(_ string: String, at: Point, size: Double, paint: Paint) {
    let x = px(at.x), y = py(at.y - max(size, 0) * 0.3)
    guard x.isFinite, y.isFinite else { return }
    let row = Int(max(min((y / Double(1 << shiftY)).rounded(.down), Double(rows)), -1))
    var column = Int(max(min((x / Double(1 << shiftX)).rounded(.down), Double(columns)), -1e6))
    var cells = 0
    for scalar in string.unicodeScalars {
      let width = terminalCellWidth(scalar.value)
      cells += ascii ? min(width, 1) : width
    }
    if paint.text.anchor == .middle { column -= cells / 2 }
    // Whether a background is under the text: looked for at its middle, which is on the
    // screen even when a text wider than it runs off an edge.
    if let c = paint.fill ?? paint.stroke, c == .black || c == .white, row >= 0, row < rows,
      columns > 0
    {
      let middle = min(max(column + cells / 2, 0), columns - 1)
      if backgrounds.isEmpty || backgrounds[row * columns + middle] == 0 { color = 0 }
    }
    guard row >= 0, row < rows, row >= (clipY0 >> shiftY), row <= ((clipY1 - 1) >> shiftY) else {
      return
    }
    if text.isEmpty { text = [UInt32](repeating: 0, count: columns * rows) }
    let minColumn = max(0, clipX0 >> shiftX), maxColumn = min(columns, ((clipX1 - 1) >> shiftX) + 1)
    let base = row * columns
    let color = self.color
    _ = layOutText(string, from: column, lowest: minColumn, limit: maxColumn, ascii: ascii) {
      column, value in
      text[base + column] = value
      cellColors[base + column] = color
    }
  }
}
