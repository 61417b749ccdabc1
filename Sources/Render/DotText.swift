// Text in the raster: a label's characters go into the cells from the one holding its
// baseline's start, over the dots there; an opaque rect drawn later takes them away.

import Geometry

extension Raster {
  /// Removes the text under an opaque filled rect.
  mutating func clearText(_ shape: Shape) {
    guard !text.isEmpty, case .rect(let r) = shape else { return }
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
  mutating func drawText(_ string: String, at: Point, size: Double) {
    let x = px(at.x), y = py(at.y - max(size, 0) * 0.3)
    guard x.isFinite, y.isFinite else { return }
    let row = Int(max(min((y / Double(1 << shiftY)).rounded(.down), Double(rows)), -1))
    let column = Int(max(min((x / Double(1 << shiftX)).rounded(.down), Double(columns)), -1e6))
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
