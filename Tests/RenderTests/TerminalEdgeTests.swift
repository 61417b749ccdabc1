// The terminal raster at the edges of Double: huge, infinite and NaN coordinates draw what
// lies in view (or nothing) at once, never trap or loop; sizes from the environment are
// clamped.

import Geometry
import Glibc
import TestSupport
import Testing

@testable import Render

let edgeValues: [Double] = [
  .infinity, -.infinity, .nan, 1e308, -1e308, 1e300, -1e300, 0x1p63, -0x1p63, 1e18, -1e18,
  Double("1e-320")!, -0.0,  // a subnormal; as a literal the compiler warns it loses precision
]

/// Every shape with `v` in each of its places, stroked, filled and clipped.
func shapes(_ v: Double) -> [Item] {
  let stroke = Paint(stroke: .blue, lineWidth: 3)
  let fill = Paint(stroke: .black, lineWidth: 2, fill: .white)
  let shapes: [Shape] = [
    .line(Point(50, 50), Point(v, v)), .line(Point(v, 50), Point(50, v)),
    .line(Point(v, -v), Point(-v, v)), .circle(center: Point(v, 50), radius: 10),
    .circle(center: Point(50, 50), radius: v), .ellipse(center: Point(50, v), rx: v, ry: 5),
    .cubic(Point(0, 0), Point(v, 0), Point(0, v), Point(100, 100)),
    .polyline([Point(0, 0), Point(v, v), Point(100, 0)]),
    .rect(Rect(x: v, y: 0, width: v, height: 50)),
    .rect(Rect(x: 10, y: 10, width: v, height: v)), .text("hi", at: Point(v, v), size: v),
  ]
  var items: [Item] = []
  for s in shapes {
    items.append(Item(s, paint: stroke))
    items.append(Item(s, paint: fill))
    items.append(
      Item(
        s, paint: Paint(stroke: .gray, lineWidth: v),
        clip: Rect(x: 0, y: 0, width: 100, height: 100)))
    items.append(Item(s, paint: stroke, clip: Rect(x: v, y: v, width: v, height: 50)))
  }
  return items
}

@Test(arguments: edgeValues)
func edgeCoordinatesDrawQuicklyWithoutTrapping(_ v: Double) {
  let drawing = Drawing(width: 100, height: 100, background: .white, items: shapes(v))
  let start = threadCPUSeconds()
  for ascii in [false, true] {
    let lines = TerminalRenderer.lines(
      drawing, columns: 80, rows: 24, colors: .ansi256, ascii: ascii)
    #expect(lines.count == 24)
    for line in lines { #expect(visible(line).count == 80) }
  }
  let seconds = threadCPUSeconds() - start
  // 88 items twice: a few milliseconds; a raster that walked a 1e300-long line would not end.
  // (CPU time: a busy machine's wall clock is not ours.)
  #expect(seconds < 2, "\(v): \(seconds) s")
}

/// Clipping first keeps what is in view: a line from -1e300 to 1e300 across the middle
/// lights every dot column of its row, as a line just across the view does.
@Test func aHugeLineIsClippedToTheSameDots() {
  func dots(_ from: Double, _ to: Double) -> [(Int, Int)] {
    let d = Drawing(
      width: 100, height: 100,
      items: [
        Item(.line(Point(from, 50), Point(to, 50)), paint: Paint(stroke: .blue, lineWidth: 1))
      ])
    return brailleDots(
      TerminalRenderer.lines(d, columns: 40, rows: 20, colors: .none, ascii: false))
  }
  let huge = dots(-1e300, 1e300), near = dots(-10, 110)
  // 40 columns are 80 dots wide: every dot column is lit, in the rows the short line lights.
  #expect(Set(huge.map { $0.0 }) == Set(0..<80))
  #expect(huge.map { $0.0 } == near.map { $0.0 } && huge.map { $0.1 } == near.map { $0.1 })
  let widest = dots(-1e308, 1e308)
  #expect(widest.map { $0.0 } == near.map { $0.0 } && widest.map { $0.1 } == near.map { $0.1 })
}

@Test func sizesAreClampedToTheMaximum() {
  let lines = TerminalRenderer.lines(
    ring, columns: 100_000, rows: 100_000, colors: .none, ascii: true)
  #expect(lines.count == TerminalRenderer.maxRows)
  #expect(lines.allSatisfy { $0.count == TerminalRenderer.maxColumns })
  #expect(TerminalRenderer.maxColumns == 1000 && TerminalRenderer.maxRows == 1000)
  if isatty(1) == 0 {
    let size = TerminalWindow.size(environment: [
      "COLUMNS": "100000", "LINES": "99999999999",
    ])
    #expect(size.columns == 1000 && size.rows == 1000)
    let huge = TerminalWindow.size(environment: ["COLUMNS": "1e9", "LINES": "-5"])
    #expect(huge.columns == 80 && huge.rows == 24)
  }
}
