// `--at x=COL,y=COL`: the contact sheet as a scatter plot, each face placed at its row's
// x and y, as aplpack's `faces(..., at = cbind(x, y))` places them over a plot: axes from
// the columns' ranges, tick labels, axis titles naming the columns.

import Channels
import Geometry
import Glibc
import Readable
import Render
import TextMetrics

/// Which two columns place the faces.
package struct SheetPlacement: Sendable, Equatable {
  /// The column read along the horizontal axis.
  package var x: String
  /// The column read up the vertical axis.
  package var y: String

  /// `x=wt,y=mpg` (either order); nil for anything else.
  package init?(parsing text: String) {
    var x: String?
    var y: String?
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let eq = part.firstIndex(of: "=") else { return nil }
      let value = String(part[part.index(after: eq)...])
      guard !value.isEmpty else { return nil }
      switch part[..<eq] {
      case "x" where x == nil: x = value
      case "y" where y == nil: y = value
      default: return nil
      }
    }
    guard let x, let y else { return nil }
    self.x = x
    self.y = y
  }
}

/// The scatter plot of faces.
enum SheetScatter {
  /// The data area's size in pixels; the frame adds half a face all round, so a face at
  /// the range's end stays inside it.
  static let plotWidth = 760.0
  static let plotHeight = 560.0
  /// Face boxes (each face is drawn 0.9 of its box across) stay within these bounds.
  static let smallestFace = 28.0
  static let largestFace = 96.0

  /// Rows that get no place: no number in the x or the y column.
  static func unplaced(_ entries: [SheetEntry]) -> [Int] {
    entries.filter { $0.x?.number == nil || $0.y?.number == nil }.map(\.row)
  }

  /// The axis range of `column`: given (`--ranges`, the channels' scan, the declared
  /// `ranges`), else the plotted values' own min and max.
  static func range(_ column: String, _ values: [Double], given: [String: ColumnRange])
    -> ColumnRange
  {
    if let r = given[column] { return r }
    return ColumnRange(low: values.min() ?? 0, high: values.max() ?? 1)
  }

  /// Writes the scatter sheet of `entries` to `sink`; each face document comes from
  /// `faces` as it is drawn (the sheet's spool), so none is held longer.
  static func write(
    _ entries: [SheetEntry], title: String, layout: SheetLayout, at: SheetPlacement,
    faces: (SheetEntry) -> [UInt8]?, to sink: ByteSink
  ) {
    let placed = entries.filter { $0.x?.number != nil && $0.y?.number != nil }
    let xr = range(at.x, placed.map { $0.x!.number! }, given: layout.ranges)
    let yr = range(at.y, placed.map { $0.y!.number! }, given: layout.ranges)
    let points = placed.map {
      (xr.unit($0.x!.number!) * plotWidth, (1 - yr.unit($0.y!.number!)) * plotHeight)
    }
    let box = layout.faceSize.map(Double.init) ?? faceBox(points)
    let pad = box / 2 + 6
    // Room for the y axis's labels at the left, for the heading above, the x labels below.
    let frame = Rect(
      x: 78, y: layout.heading == nil ? 12 : 44, width: plotWidth + 2 * pad,
      height: plotHeight + 2 * pad + 16)
    let bottomAxis = frame.maxY + 58
    let unplaced = unplaced(entries)
    let centres = points.map { (frame.x + pad + $0.0, frame.y + pad + $0.1) }
    let (labelsAt, dropped) = labelPlaces(
      placed.map { layout.label == "" ? "" : shortLabel($0.id) }, centres, box: box)
    let noteLines = notes(dropped: dropped, unplaced: unplaced, at: at)
    let noteHeight = Double(noteLines.count) * 22
    let legend = SheetLegend.svg(
      layout.legend, y: Int((bottomAxis + noteHeight).rounded(.up)),
      width: Int((frame.maxX + 24).rounded(.up)))
    // A legend line longer than the plot is wide widens the sheet.
    let width = legend.width
    let height = Int((bottomAxis + noteHeight).rounded(.up)) + legend.height

    sink.svg { w in
      w.startDocument(
        width: width, height: height,
        title: "faces at \(at.x), \(at.y): \(title) (\(plural(entries.count, "row")))",
        background: "#ffffff")
      if let heading = layout.heading {
        w.sheetText(heading, at: (width / 2, 28), size: 18, anchor: "middle")
      }
      // Where a value lands on the sheet.
      let (sx, sy) = ({ frame.x + pad + $0 * plotWidth }, { frame.y + pad + (1 - $0) * plotHeight })
      axes(frame: frame, x: (xr, sx), y: (yr, sy), names: at, &w)
    }
    for (k, e) in placed.enumerated() {
      let (cx, cy) = centres[k]
      sink.svg { w in place(e, face: faces(e), centre: (cx, cy), box: box, &w) }
    }
    sink.svg { w in
      // The labels after every face, so that no face covers one (and no label another).
      for (k, e) in placed.enumerated() {
        guard let ly = labelsAt[k] else { continue }
        label(shortLabel(e.id), at: (centres[k].0, ly), &w)
      }
      for (i, note) in noteLines.enumerated() {
        w.sheetText(note, at: (12, bottomAxis + 14 + 22 * Double(i)), size: 12, fill: "#555555")
      }
      w.bytes += legend.text
      w.endDocument()
    }
    sink.flush()
  }

  /// A face in its box around `centre` (a red cross for a failed row), in a group.
  static func place(
    _ e: SheetEntry, face: [UInt8]?, centre: (Double, Double), box: Double,
    _ w: inout SVGWriter
  ) {
    let (cx, cy) = centre
    w.startGroup()
    if let face {
      // The face sits at the centre of its document, 0.9 of its shorter side across.
      let k = box / min(e.faceWidth, e.faceHeight)
      let (fw, fh) = (e.faceWidth * k, e.faceHeight * k)
      w.nest(face, in: Rect(x: cx - fw / 2, y: cy - fh / 2, width: fw, height: fh))
    } else {
      BatchSheet.cross(at: (cx, cy), reach: box / 4, width: 3, &w)
    }
    w.close()
  }

  /// A face's label, its baseline's centre at `at`.
  static func label(_ text: String, at: (Double, Double), _ w: inout SVGWriter) {
    w.open("text")
    w.attribute("x", at.0)
    w.attribute("y", at.1)
    w.attribute("font-family", "sans-serif")
    // A white halo under the letters keeps them legible over a face's strokes.
    w.attribute("font-size", 10)
    w.attribute("fill", "#333333")
    w.attribute("text-anchor", "middle")
    w.attribute("stroke", "#ffffff")
    w.attribute("stroke-width", 3)
    w.attribute("paint-order", "stroke")
    w.endText(text)
  }

  /// The notes under the plot: labels left out, rows without a place.
  static func notes(dropped: Int, unplaced: [Int], at: SheetPlacement) -> [String] {
    var lines: [String] = []
    if dropped > 0 {
      lines.append(
        "\(plural(dropped, "label")) left out where \(dropped == 1 ? "it" : "they") would cover another (--face-size sets the faces' size)"
      )
    }
    if !unplaced.isEmpty {
      let shown = unplaced.prefix(10).map(String.init).joined(separator: ", ")
      lines.append(
        "not placed, without a number for \(at.x) or \(at.y): \(plural(unplaced.count, "row")) ("
          + "\(unplaced.count == 1 ? "row" : "rows") \(shown)\(unplaced.count > 10 ? ", …" : ""))"
      )
    }
    return lines
  }

  /// The plot's frame, its grid lines and tick labels, and the axes' titles naming the
  /// columns: a group of the sheet's small text.
  static func axes(
    frame: Rect, x: (ColumnRange, (Double) -> Double), y: (ColumnRange, (Double) -> Double),
    names at: SheetPlacement, _ w: inout SVGWriter
  ) {
    let (xr, sx) = x
    let (yr, sy) = y
    w.open("g")
    w.attribute("font-family", "sans-serif")
    w.attribute("font-size", 12)
    w.attribute("fill", "#333333")
    w.endStart()
    // A grid line and a label at each tick: below the frame for x, left of it for y.
    for t in ticks(xr) {
      let x = sx(xr.unit(t))
      tick(t, line: (x, frame.y, x, frame.maxY + 5), label: (x, frame.maxY + 20), &w)
    }
    for t in ticks(yr) {
      let y = sy(yr.unit(t))
      tick(t, line: (frame.x - 5, y, frame.maxX, y), label: (frame.x - 8, y), end: true, &w)
    }
    w.open("rect")
    w.attribute("x", frame.x)
    w.attribute("y", frame.y)
    w.attribute("width", frame.width)
    w.attribute("height", frame.height)
    w.attribute("fill", "none")
    w.attribute("stroke", "#888888")
    w.endEmpty()
    w.open("text")
    w.attribute("x", frame.midX)
    w.attribute("y", frame.maxY + 42)
    w.attribute("font-size", 14)
    w.attribute("font-weight", "bold")
    w.attribute("text-anchor", "middle")
    w.endText(at.x)
    let (ty, tx) = (SVGNumber.string(frame.midY), SVGNumber.string(frame.x - 56))
    w.open("text")
    w.attribute("x", tx)
    w.attribute("y", ty)
    w.attribute("transform", "rotate(-90 \(tx) \(ty))")
    w.attribute("font-size", 14)
    w.attribute("font-weight", "bold")
    w.attribute("text-anchor", "middle")
    w.endText(at.y)
    w.close()
  }

  /// A tick's grid line and its label: under the line's end (`x`), else left of it (`y`,
  /// `end`).
  static func tick(
    _ t: Double, line: (Double, Double, Double, Double), label: (Double, Double),
    end: Bool = false, _ w: inout SVGWriter
  ) {
    w.open("line")
    w.attribute("x1", line.0)
    w.attribute("y1", line.1)
    w.attribute("x2", line.2)
    w.attribute("y2", line.3)
    w.attribute("stroke", "#eeeeee")
    w.endEmpty()
    w.open("text")
    w.attribute("x", label.0)
    w.attribute("y", label.1)
    w.attribute("text-anchor", end ? "end" : "middle")
    if end { w.attribute("dy", 4) }
    w.endText(formatNumber(t))
  }

  /// A label as the scatter shows it: at most 22 characters.
  static func shortLabel(_ id: String) -> String {
    cut(id, to: 22)
  }

  /// Where each face's label goes (its baseline's y), so that no two labels overlap: under
  /// its face, else above it, else a line lower; nil for an empty label or one with no room
  /// (counted in `dropped`). Faces are taken in drawing order, so a face drawn over another
  /// keeps the place its label would have had first. Labels are boxes of 10-point letters
  /// (about 5.6 wide), found in a grid of buckets: a million faces stay quick.
  static func labelPlaces(_ labels: [String], _ centres: [(Double, Double)], box: Double)
    -> (places: [Double?], dropped: Int)
  {
    let bucket = 64.0
    var taken: [Int: [Rect]] = [:]
    func keys(_ r: Rect) -> [Int] {
      let (x0, x1) = (Int(floor(r.x / bucket)), Int(floor(r.maxX / bucket)))
      let (y0, y1) = (Int(floor(r.y / bucket)), Int(floor(r.maxY / bucket)))
      var out: [Int] = []
      for bx in x0...x1 { for by in y0...y1 { out.append(bx &* 1_000_003 &+ by) } }
      return out
    }
    func free(_ r: Rect) -> Bool {
      for key in keys(r) {
        for o in taken[key] ?? [] where r.x < o.maxX && o.x < r.maxX && r.y < o.maxY && o.y < r.maxY
        {
          return false
        }
      }
      return true
    }
    var places: [Double?] = []
    var dropped = 0
    for (label, (cx, cy)) in zip(labels, centres) {
      guard !label.isEmpty else {
        places.append(nil)
        continue
      }
      let width = TextWidth.of(label, size: 12, weight: .regular, family: .sansSerif)
      let below = cy + box * 0.45 + 11
      let candidates = [below, cy - box * 0.45 - 3, below + 11]
      var chosen: Double?
      for y in candidates {
        let r = Rect(x: cx - width / 2, y: y - 9, width: width, height: 11)
        if free(r) {
          for key in keys(r) { taken[key, default: []].append(r) }
          chosen = y
          break
        }
      }
      if chosen == nil { dropped += 1 }
      places.append(chosen)
    }
    return (places, dropped)
  }

  /// The faces' box: the median distance from a face to its nearest neighbour, so that
  /// half the faces clear theirs and the rest overlap by less than half a face, within the
  /// size bounds.
  static func faceBox(_ points: [(Double, Double)]) -> Double {
    guard points.count > 1 else { return largestFace }
    // Sorted by x then y, the search stops once the x gap alone exceeds the best distance,
    // and after 64 steps either way: a column of points at one x would otherwise make it
    // quadratic, and by then the nearest is near enough for a median.
    let order = points.indices.sorted {
      (points[$0].0, points[$0].1) < (points[$1].0, points[$1].1)
    }
    var nearest: [Double] = []
    nearest.reserveCapacity(points.count)
    for (k, i) in order.enumerated() {
      var best = Double.infinity
      for step in [-1, 1] {
        var j = k + step
        while j >= 0 && j < order.count && abs(j - k) <= 64 {
          let (a, b) = (points[i], points[order[j]])
          let dx = b.0 - a.0
          if dx * dx >= best * best { break }
          let dy = b.1 - a.1
          best = min(best, (dx * dx + dy * dy).squareRoot())
          j += step
        }
      }
      nearest.append(best)
    }
    nearest.sort()
    let median = nearest[nearest.count / 2]
    return min(max(median, smallestFace), largestFace)
  }

  /// Round tick values inside `r` (steps of 1, 2, 2.5 or 5 times a power of ten, about
  /// five of them); both ends when the range is too wide for a finite step.
  static func ticks(_ r: ColumnRange) -> [Double] {
    guard r.high > r.low else { return [r.low] }
    let raw = (r.high / 2 - r.low / 2) / 2.5
    guard raw.isFinite, raw > 0 else { return [r.low, r.high] }
    let e = floor(log10(raw))
    let power = pow(10, abs(e))
    let unit = e < 0 ? 1 / power : power
    guard unit.isFinite, unit > 0 else { return [r.low, r.high] }
    let m = [1.0, 2, 2.5, 5, 10].first { $0 * unit >= raw } ?? 10
    // k × m × 10^e computed as one product or quotient, so 0.3 is 0.3 and not 0.30000000000000004.
    func value(_ k: Double) -> Double { e < 0 ? k * m / power : k * m * power }
    var k = (r.low / (m * unit)).rounded(.up)
    var out: [Double] = []
    while out.count < 12 {
      let v = value(k)
      guard v.isFinite, v <= r.high + abs(r.high) * 1e-12 else { break }
      // Past 2^53 a step of one may not change k, or k × m × 10^e: one tick each.
      if v >= r.low - abs(r.low) * 1e-12, v > out.last ?? -.infinity { out.append(v) }
      guard k + 1 > k else { break }
      k += 1
    }
    return out.isEmpty ? [r.low, r.high] : out
  }
}
