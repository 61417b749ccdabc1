// Drawing -> terminal text: Unicode braille (2×4 dots a cell) or ASCII (1×2 dots a
// cell), thick strokes, per-cell colour as ANSI escape codes. Dots are square (a cell is
// about twice as tall as wide), so circles stay round. A round area of colour (a face's
// fill) paints its cells' background, since dots alone cannot show an area.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import Geometry
import Readable

/// How many colours the terminal shows, if any. The caller decides (the command line reads
/// the environment); the renderer only follows.
public enum ColorMode: Sendable {
  /// No escape codes at all.
  case none
  /// The 16 basic ANSI colours (`ESC[3Xm`, `ESC[9Xm`).
  case ansi16
  /// The xterm 256-colour palette (`ESC[38;5;Nm`).
  case ansi256
  /// 24-bit colour (`ESC[38;2;R;G;Bm`).
  case truecolor
}

/// Draws a `Drawing` as lines of terminal cells.
public enum TerminalRenderer {
  /// The drawing fitted into `columns`×`rows` cells (aspect kept, centred), as exactly
  /// `rows` lines of exactly `columns` visible cells each. Braille dots, or with `ascii`
  /// only ASCII characters. ANSI colour codes appear only when `colors` is not `.none`,
  /// and every line that sets a colour ends with a reset.
  public static func lines(_ d: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool)
    -> [String]
  {
    let bytes = renderBytes(d, columns: columns, rows: rows, colors: colors, ascii: ascii)
    var result: [String] = []
    result.reserveCapacity(max(rows, 0))
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      result.append(String(decoding: bytes[start..<index], as: UTF8.self))
      start = index + 1
    }
    return result
  }

  /// `lines` joined with newlines, with a trailing newline (empty for no rows).
  public static func render(_ d: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool)
    -> String
  {
    String(
      decoding: renderBytes(d, columns: columns, rows: rows, colors: colors, ascii: ascii),
      as: UTF8.self)
  }

  /// The terminal's size: the `TIOCGWINSZ` of standard output when it is a terminal,
  /// else `COLUMNS`/`LINES` from `environment` when they are positive numbers, else 80×24.
  public static func terminalSize(environment: [String: String]) -> (columns: Int, rows: Int) {
    if let (columns, rows) = windowSize(fd: 1) {
      return (min(columns, maxColumns), min(rows, maxRows))
    }
    let columns = environment["COLUMNS"].flatMap { Int($0) } ?? 0
    let rows = environment["LINES"].flatMap { Int($0) } ?? 0
    return (
      columns > 0 ? min(columns, maxColumns) : 80, rows > 0 ? min(rows, maxRows) : 24
    )
  }

  /// The size in cells of the terminal open on `fd` (`TIOCGWINSZ`), as it reports it; nil
  /// when `fd` is no terminal or reports a zero.
  public static func windowSize(fd: Int32) -> (columns: Int, rows: Int)? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var size = winsize()
      if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
        return (Int(size.ws_col), Int(size.ws_row))
      }
    #endif
    return nil
  }

  /// The most columns drawn: a wider terminal (or `COLUMNS`) gets this many, so a size
  /// from the environment cannot make the raster take gigabytes.
  public static let maxColumns = 1000
  /// The most rows drawn (see `maxColumns`).
  public static let maxRows = 1000

  /// The full output (lines each ending in "\n") as UTF-8 bytes.
  static func renderBytes(_ d: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool)
    -> [UInt8]
  {
    let columns = min(max(columns, 0), maxColumns)
    let rows = min(max(rows, 0), maxRows)
    var raster = Raster(
      columns: columns, rows: rows, ascii: ascii, paintsBackgrounds: colors != .none)
    raster.draw(d)
    return raster.output(colors: colors)
  }
}

/// Dots packed into cells: each cell byte is a mask of its lit dots (braille bit order,
/// or bit 0 = upper and bit 1 = lower dot in ASCII mode), with the colour of the last item
/// that lit a dot in it, and the background colour an area of colour gave it.
struct Raster {
  let columns: Int
  let rows: Int
  let ascii: Bool
  /// Whether areas of colour paint cells' backgrounds (colours are on): without colour
  /// they would not show, so they cost nothing.
  let paintsBackgrounds: Bool
  /// Dots a cell: 2×4 (braille) or 1×2 (ASCII).
  let shiftX: Int
  let shiftY: Int
  let dotsWide: Int
  let dotsHigh: Int
  var cells: [UInt8]
  var cellColors: [UInt8]
  /// Each cell's background colour index (0: the terminal's own); empty until an area of
  /// colour is drawn, so a drawing without one costs nothing.
  var backgrounds: [UInt8] = []
  var text: [UInt32] = []
  var palette: [Color] = []
  /// The bit of a dot, indexed by ((y & (dots a cell high - 1)) << shiftX) | (x & (dots a cell wide - 1)).
  let bits: [UInt8]
  // Current item: colour index (1-based) and clip box in dots (half-open).
  var color: UInt8 = 1
  /// Set while an opaque fill clears the dots it covers.
  var erasing = false
  /// No dot or character drawn yet: a fill then has nothing to clear.
  var blank = true
  var clipX0 = 0
  var clipX1 = 0
  var clipY0 = 0
  var clipY1 = 0
  // Mapping from points to dots.
  var scale = 1.0
  var offsetX = 0.0
  var offsetY = 0.0

  init(columns: Int, rows: Int, ascii: Bool, paintsBackgrounds: Bool) {
    self.columns = columns
    self.rows = rows
    self.ascii = ascii
    self.paintsBackgrounds = paintsBackgrounds
    shiftX = ascii ? 0 : 1
    shiftY = ascii ? 1 : 2
    dotsWide = columns << shiftX
    dotsHigh = rows << shiftY
    cells = [UInt8](repeating: 0, count: columns * rows)
    cellColors = [UInt8](repeating: 0, count: columns * rows)
    bits = ascii ? [1, 2] : [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
  }

  mutating func draw(_ d: Drawing) {
    guard dotsWide > 0, dotsHigh > 0 else { return }
    let width = d.width.isFinite && d.width > 0 ? d.width : 1
    let height = d.height.isFinite && d.height > 0 ? d.height : 1
    scale = min(Double(dotsWide) / width, Double(dotsHigh) / height)
    offsetX = (Double(dotsWide) - width * scale) / 2
    offsetY = (Double(dotsHigh) - height * scale) / 2
    if let background = d.background {
      // A background only colours the cells; its dots stay blank.
      color = paletteIndex(background)
      for index in cellColors.indices { cellColors[index] = color }
    }
    for item in d.items { draw(item) }
  }

  mutating func paletteIndex(_ c: Color) -> UInt8 {
    if let index = palette.firstIndex(of: c) { return UInt8(truncatingIfNeeded: index + 1) }
    if palette.count >= 254 { return 254 }
    palette.append(c)
    return UInt8(palette.count)
  }

  @inline(__always) func px(_ x: Double) -> Double { offsetX + x * scale }
  @inline(__always) func py(_ y: Double) -> Double { offsetY + y * scale }
  @inline(__always) func dot(_ p: Point) -> Point { Point(px(p.x), py(p.y)) }

  mutating func draw(_ item: Item) {
    let paint = item.paint
    if !(paint.opacity > 0) { return }
    clipX0 = 0
    clipY0 = 0
    clipX1 = dotsWide
    clipY1 = dotsHigh
    if let clip = item.clip {
      let x0 = px(min(clip.x, clip.x + clip.width)), x1 = px(max(clip.x, clip.x + clip.width))
      let y0 = py(min(clip.y, clip.y + clip.height)), y1 = py(max(clip.y, clip.y + clip.height))
      guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
      let near = FloatingPointRoundingRule.toNearestOrAwayFromZero
      clipX0 = Raster.index(x0.rounded(near), 0, dotsWide)
      clipX1 = Raster.index(x1.rounded(near), 0, dotsWide)
      clipY0 = Raster.index(y0.rounded(near), 0, dotsHigh)
      clipY1 = Raster.index(y1.rounded(near), 0, dotsHigh)
      if clipX0 >= clipX1 || clipY0 >= clipY1 { return }
    }
    let halfWidth = max(paint.lineWidth.isFinite ? paint.lineWidth * scale : 1, 1) / 2
    if case .text(let string, let at, let size) = item.shape {
      if let c = paint.fill ?? paint.stroke { color = paletteIndex(c) } else { color = 0 }
      drawText(string, at: at, size: size)
      blank = false
      return
    }
    if paint.fill != nil, paint.opacity >= 1 {
      // A cell holds dots or nothing: an opaque fill is background that covers what lies
      // below (a sheet over the menu), so it clears dots and text; translucent fills are
      // skipped.
      if !blank {  // a fill under everything (a face's colour) has nothing to clear
        erasing = true
        color = 0
        fillShape(item.shape)
        erasing = false
        clearText(item.shape)
      }
      // A fill with no stroke of a circle or an ellipse is an area of colour (a face's
      // `face_color`): its cells take the colour as background, under the dots drawn later.
      // Rects are the screen's paper (bars, sheets, backings), which the terminal's own
      // background stands for; a filled and stroked circle is a solid dot (a pupil).
      if paintsBackgrounds, let fill = paint.fill, paint.stroke == nil, item.shape.isRound {
        tint(item.shape, paletteIndex(fill))
      } else if !backgrounds.isEmpty {
        tint(item.shape, 0)  // what an opaque fill covers loses its colour too
      }
    }
    if let stroke = paint.stroke {
      color = paletteIndex(stroke)
      strokeShape(item.shape, halfWidth: halfWidth)
      blank = false
    }
  }

  // MARK: Spans

  /// `v` (whole or not, any size, NaN) as an index within lo…hi: clamped while still a
  /// Double, so no coordinate can make the conversion trap (NaN gives lo).
  @inline(__always)
  static func index(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    guard v > Double(lo) else { return lo }
    return v < Double(hi) ? Int(v) : hi
  }

  /// Lights the dots of row `y` whose centres lie in [a, b] (dot units).
  @inline(__always)
  mutating func span(_ y: Int, _ a: Double, _ b: Double) {
    guard y >= clipY0, y < clipY1, a <= b else { return }
    let lo = a - 0.5, hi = b - 0.5
    guard lo < Double(clipX1), hi >= Double(clipX0) else { return }
    let x0 = Raster.index(lo.rounded(.up), clipX0, clipX1)
    let x1 = Raster.index(hi.rounded(.down), clipX0 - 1, clipX1 - 1)
    if x0 > x1 { return }
    let rowBase = (y >> shiftY) * columns
    let bitRow = (y & ((1 << shiftY) - 1)) << shiftX
    let maskX = (1 << shiftX) - 1
    let color = self.color
    let shiftX = self.shiftX
    bits.withUnsafeBufferPointer { bits in
      cells.withUnsafeMutableBufferPointer { cells in
        cellColors.withUnsafeMutableBufferPointer { colors in
          var x = x0
          if erasing {
            while x <= x1 {
              cells[rowBase + (x >> shiftX)] &= ~bits[bitRow | (x & maskX)]
              x += 1
            }
            return
          }
          while x <= x1 {
            let cell = rowBase + (x >> shiftX)
            cells[cell] |= bits[bitRow | (x & maskX)]
            colors[cell] = color
            x += 1
          }
        }
      }
    }
  }

  /// The rows (dot indices) whose centres lie within [top, bottom], clipped.
  @inline(__always)
  func rowRange(_ top: Double, _ bottom: Double) -> ClosedRange<Int>? {
    guard top.isFinite, bottom.isFinite, top <= bottom else { return nil }
    let first = Raster.index((top - 0.5).rounded(.up), clipY0, clipY1)
    let last = Raster.index((bottom - 0.5).rounded(.down), clipY0 - 1, clipY1 - 1)
    return first <= last ? first...last : nil
  }

  // MARK: Shapes

  mutating func strokeShape(_ shape: Shape, halfWidth hw: Double) {
    switch shape {
    case .circle(let c, let r):
      let r = max(r, 0) * scale
      ring(dot(c), rx: r, ry: r, halfWidth: hw)
    case .ellipse(let c, let rx, let ry):
      ring(dot(c), rx: max(rx, 0) * scale, ry: max(ry, 0) * scale, halfWidth: hw)
    case .line(let a, let b):
      capsule(dot(a), dot(b), hw)
    case .cubic(let p0, let p1, let p2, let p3):
      cubic(dot(p0), dot(p1), dot(p2), dot(p3), hw)
    case .polyline(let points):
      if points.count == 1 { capsule(dot(points[0]), dot(points[0]), hw) }
      var previous: Point? = nil
      for p in points {
        let q = dot(p)
        if let prev = previous { capsule(prev, q, hw) }
        previous = q
      }
    case .rect(let r):
      let a = dot(Point(r.x, r.y)), b = dot(Point(r.x + r.width, r.y))
      let c = dot(Point(r.x + r.width, r.y + r.height)), e = dot(Point(r.x, r.y + r.height))
      capsule(a, b, hw)
      capsule(b, c, hw)
      capsule(c, e, hw)
      capsule(e, a, hw)
    case .text:
      break
    }
  }

  mutating func fillShape(_ shape: Shape) {
    switch shape {
    case .circle(let c, let r):
      let r = max(r, 0) * scale
      disc(dot(c), rx: r, ry: r)
    case .ellipse(let c, let rx, let ry):
      disc(dot(c), rx: max(rx, 0) * scale, ry: max(ry, 0) * scale)
    case .rect(let r):
      let x0 = px(min(r.x, r.x + r.width)), x1 = px(max(r.x, r.x + r.width))
      guard let range = rowRange(py(min(r.y, r.y + r.height)), py(max(r.y, r.y + r.height))) else {
        return
      }
      for y in range { span(y, x0, x1) }
    case .line, .cubic, .polyline, .text:
      break  // open paths are only stroked
    }
  }

  /// Sets the background of the cells where `shape` (a circle, an ellipse or a rect) would
  /// light a dot, within the clip box, to palette index `index` (0: none). A whole cell
  /// takes the colour: so the cells a fill's edge runs through are coloured too, and the
  /// outline drawn over that edge keeps the colour behind its dots on a dark terminal.
  mutating func tint(_ shape: Shape, _ index: UInt8) {
    let center: Point, rx: Double, ry: Double
    var isRect = false
    switch shape {
    case .circle(let c, let r):
      (center, rx, ry) = (dot(c), max(r, 0) * scale, max(r, 0) * scale)
    case .ellipse(let c, let x, let y):
      (center, rx, ry) = (dot(c), max(x, 0) * scale, max(y, 0) * scale)
    case .rect(let r):
      let x0 = px(min(r.x, r.x + r.width)), x1 = px(max(r.x, r.x + r.width))
      let y0 = py(min(r.y, r.y + r.height)), y1 = py(max(r.y, r.y + r.height))
      (center, rx, ry) = (Point((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2, (y1 - y0) / 2)
      isRect = true
    case .line, .cubic, .polyline, .text:
      return
    }
    guard center.x.isFinite, rx.isFinite, let range = rowRange(center.y - ry, center.y + ry)
    else { return }
    if backgrounds.isEmpty {
      if index == 0 { return }
      backgrounds = [UInt8](repeating: 0, count: columns * rows)
    }
    let (shiftX, shiftY, columns) = (self.shiftX, self.shiftY, self.columns)
    let (clipX0, clipX1) = (self.clipX0, self.clipX1)
    backgrounds.withUnsafeMutableBufferPointer { backgrounds in
      // The cells of a row from the leftmost to the rightmost dot of its dot rows (the
      // shapes are convex), written once a row; one step past the range writes the last.
      var row = range.lowerBound >> shiftY
      var first = Int.max, last = Int.min
      for y in range.lowerBound...(range.upperBound + 1) {
        if y >> shiftY != row || y > range.upperBound {
          if first <= last {
            for column in first...last { backgrounds[row * columns + column] = index }
          }
          row = y >> shiftY
          first = .max
          last = .min
          if y > range.upperBound { break }
        }
        let w = isRect ? rx : Raster.halfChord(rx, ry, Double(y) + 0.5 - center.y) ?? -1
        // The dots whose centres lie in [x - w, x + w], as `span` lights them.
        let x0 = Raster.index((center.x - w - 0.5).rounded(.up), clipX0, clipX1)
        let x1 = Raster.index((center.x + w - 0.5).rounded(.down), clipX0 - 1, clipX1 - 1)
        if x0 <= x1 {
          first = min(first, x0 >> shiftX)
          last = max(last, x1 >> shiftX)
        }
      }
    }
  }

  /// The half-width of an ellipse (radii rx, ry) at vertical offset dy, or nil outside.
  @inline(__always)
  static func halfChord(_ rx: Double, _ ry: Double, _ dy: Double) -> Double? {
    guard ry > 0, dy.magnitude <= ry else { return nil }
    let t = dy / ry
    return rx * (1 - t * t).squareRoot()
  }

  mutating func disc(_ c: Point, rx: Double, ry: Double) {
    guard let range = rowRange(c.y - ry, c.y + ry) else { return }
    for y in range {
      if let w = Raster.halfChord(rx, ry, Double(y) + 0.5 - c.y) { span(y, c.x - w, c.x + w) }
    }
  }

  /// The band between the ellipses (rx ± hw, ry ± hw): a stroked circle or ellipse.
  mutating func ring(_ c: Point, rx: Double, ry: Double, halfWidth hw: Double) {
    let ox = rx + hw, oy = ry + hw
    let ix = rx - hw, iy = ry - hw
    guard let range = rowRange(c.y - oy, c.y + oy) else { return }
    for y in range {
      let dy = Double(y) + 0.5 - c.y
      guard let outer = Raster.halfChord(ox, oy, dy) else { continue }
      if ix > 0, iy > 0, let inner = Raster.halfChord(ix, iy, dy) {
        span(y, c.x - outer, c.x - inner)
        span(y, c.x + inner, c.x + outer)
      } else {
        span(y, c.x - outer, c.x + outer)
      }
    }
  }

  /// A thick segment with round caps: every dot within `hw` of the segment a–b.
  mutating func capsule(_ a: Point, _ b: Point, _ hw: Double) {
    guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, hw.isFinite else { return }
    // Clipped first to the clip box grown by the half-width: what lies outside draws
    // nothing, and a segment a million times the view's size must cost what one inside does.
    guard let (a, b) = clipped(a, b, margin: hw + 1) else { return }
    guard let range = rowRange(min(a.y, b.y) - hw, max(a.y, b.y) + hw) else { return }
    let dx = b.x - a.x, dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    // The band's corners (when the segment has a length), edges c0-c1-c2-c3-c0.
    let hasBand = length > 1e-9
    let nx = hasBand ? -dy / length * hw : 0, ny = hasBand ? dx / length * hw : 0
    let c0 = Point(a.x + nx, a.y + ny), c1 = Point(b.x + nx, b.y + ny)
    let c2 = Point(b.x - nx, b.y - ny), c3 = Point(a.x - nx, a.y - ny)
    let hw2 = hw * hw
    for y in range {
      let yc = Double(y) + 0.5
      var lo = Double.infinity, hi = -Double.infinity
      let da = yc - a.y
      if da * da <= hw2 {
        let s = (hw2 - da * da).squareRoot()
        lo = a.x - s
        hi = a.x + s
      }
      let db = yc - b.y
      if db * db <= hw2 {
        let s = (hw2 - db * db).squareRoot()
        lo = min(lo, b.x - s)
        hi = max(hi, b.x + s)
      }
      if hasBand {
        Raster.crossing(c0, c1, yc, &lo, &hi)
        Raster.crossing(c1, c2, yc, &lo, &hi)
        Raster.crossing(c2, c3, yc, &lo, &hi)
        Raster.crossing(c3, c0, yc, &lo, &hi)
      }
      if lo <= hi { span(y, lo, hi) }
    }
  }

  /// The part of a–b inside the clip box grown by `margin`, nil if none (Cohen–Sutherland:
  /// an end outside is moved onto the edge it crosses, its other coordinate interpolated from
  /// that end, so a level or upright line keeps its exact row or column however far its ends
  /// lie). A segment whose extent overflows a Double draws nothing.
  func clipped(_ a: Point, _ b: Point, margin: Double) -> (Point, Point)? {
    guard (b.x - a.x).isFinite, (b.y - a.y).isFinite else { return nil }
    let x0 = Double(clipX0) - margin, x1 = Double(clipX1) + margin
    let y0 = Double(clipY0) - margin, y1 = Double(clipY1) + margin
    func code(_ p: Point) -> Int {
      (p.x < x0 ? 1 : p.x > x1 ? 2 : 0) | (p.y < y0 ? 4 : p.y > y1 ? 8 : 0)
    }
    var a = a, b = b
    var ca = code(a), cb = code(b)
    // Each step puts one end on an edge; four steps an end are the most it can take.
    for _ in 0..<8 {
      if ca | cb == 0 { return (a, b) }
      if ca & cb != 0 { return nil }
      let moveA = ca != 0
      let (p, q) = moveA ? (a, b) : (b, a)
      let c = moveA ? ca : cb
      var m: Point
      if c & 1 != 0 {
        m = Point(x0, p.y + (q.y - p.y) * ((x0 - p.x) / (q.x - p.x)))
      } else if c & 2 != 0 {
        m = Point(x1, p.y + (q.y - p.y) * ((x1 - p.x) / (q.x - p.x)))
      } else if c & 4 != 0 {
        m = Point(p.x + (q.x - p.x) * ((y0 - p.y) / (q.y - p.y)), y0)
      } else {
        m = Point(p.x + (q.x - p.x) * ((y1 - p.y) / (q.y - p.y)), y1)
      }
      guard m.x.isFinite, m.y.isFinite else { return nil }
      if moveA {
        a = m
        ca = code(a)
      } else {
        b = m
        cb = code(b)
      }
    }
    return ca | cb == 0 ? (a, b) : nil
  }

  /// Widens [lo, hi] by where the edge p–q crosses the horizontal line at `yc`.
  @inline(__always)
  static func crossing(_ p: Point, _ q: Point, _ yc: Double, _ lo: inout Double, _ hi: inout Double)
  {
    guard (p.y - yc) * (q.y - yc) <= 0 else { return }
    if p.y == q.y {
      lo = min(lo, min(p.x, q.x))
      hi = max(hi, max(p.x, q.x))
    } else {
      let x = p.x + (yc - p.y) * (q.x - p.x) / (q.y - p.y)
      lo = min(lo, x)
      hi = max(hi, x)
    }
  }

  /// A cubic flattened into segments deviating at most half a dot from the curve.
  mutating func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ hw: Double) {
    // Deviation of n uniform chords <= (3/4)·max|second difference| / n².
    let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
    let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
    let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
    guard m.isFinite else { return }
    let n = Raster.index((0.75 * m / 0.5).squareRoot().rounded(.up), 1, 1000)
    var previous = p0
    for i in 1...n {
      let t = Double(i) / Double(n), u = 1 - t
      let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
      let q = Point(
        w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
        w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
      capsule(previous, q, hw)
      previous = q
    }
  }

  // MARK: Text

  /// Writes the characters into the cells from the one holding the baseline's start
  /// (raised by a third of the font size), one character a cell, wide ones two.
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

  mutating func drawText(_ string: String, at: Point, size: Double) {
    let x = px(at.x), y = py(at.y - max(size, 0) * 0.3)
    guard x.isFinite, y.isFinite else { return }
    let row = Int(max(min((y / Double(1 << shiftY)).rounded(.down), Double(rows)), -1))
    var column = Int(max(min((x / Double(1 << shiftX)).rounded(.down), Double(columns)), -1e6))
    guard row >= 0, row < rows, row >= (clipY0 >> shiftY), row <= ((clipY1 - 1) >> shiftY) else {
      return
    }
    if text.isEmpty { text = [UInt32](repeating: 0, count: columns * rows) }
    let minColumn = max(0, clipX0 >> shiftX), maxColumn = min(columns, ((clipX1 - 1) >> shiftX) + 1)
    for scalar in string.unicodeScalars {
      var value = scalar.value
      let width = Raster.cellWidth(value)
      if width == 0 { continue }
      if isTerminalControl(value) { value = 0x20 }
      if ascii && value >= 0x80 { value = Raster.asciiFallback(value) }
      let cells = ascii ? 1 : width
      if column >= minColumn && column + cells <= maxColumn {
        let index = row * columns + column
        text[index] = value
        cellColors[index] = color
        if cells == 2 {
          text[index + 1] = Raster.continuation
          cellColors[index + 1] = color
        }
      }
      column += cells
      if column >= maxColumn { break }
    }
  }

  /// The ASCII character drawn for a non-ASCII one: the look-alike of common punctuation
  /// (a back button's `‹` reads `<`, not `?`), else `?`.
  static func asciiFallback(_ v: UInt32) -> UInt32 {
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

  /// Marks the cell covered by the right half of a wide character.
  static let continuation: UInt32 = 0xFFFF_FFFF

  /// Cells a character takes (see `terminalCellWidth`).
  static func cellWidth(_ v: UInt32) -> Int { terminalCellWidth(v) }

  // MARK: Output

  /// ASCII characters for the 1×2 dot masks: none, upper, lower, both.
  static let asciiGlyphs: [UInt8] = [0x20, 0x27, 0x2E, 0x3A]  // ' ' '\'' '.' ':'

  func output(colors: ColorMode) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rows * (columns * (colors == .none ? 3 : 8) + 8))
    let escapeCodes = colors != .none
    var codes: [[UInt8]] = [[]]
    // SGR parameters by palette index: foreground ("39": default) and background ("49").
    var fronts: [[UInt8]] = [], backs: [[UInt8]] = []
    if escapeCodes {
      for c in palette { codes.append(Raster.escape(c, colors)) }
      if !backgrounds.isEmpty {
        fronts.append(Array("39".utf8))
        backs.append(Array("49".utf8))
        for c in palette {
          fronts.append(Raster.parameters(c, colors, background: false))
          backs.append(Raster.parameters(c, colors, background: true))
        }
      }
    }
    let tinted = escapeCodes && !backgrounds.isEmpty
    cells.withUnsafeBufferPointer { cells in
      cellColors.withUnsafeBufferPointer { cellColors in
        for row in 0..<rows {
          var current: UInt8 = 0
          var currentBack: UInt8 = 0
          let base = row * columns
          // Two loops, so a drawing without a background pays nothing per cell for them.
          if tinted {
            backgrounds.withUnsafeBufferPointer { backgrounds in
              for column in 0..<columns {
                let index = base + column
                let glyph = text.isEmpty ? 0 : text[index]
                if glyph == Raster.continuation { continue }
                let mask = cells[index]
                // Each code sets both colours, so a reader taking one code as the whole
                // style (play's screen) sees what the terminal shows.
                var front = current
                if glyph != 0 || mask != 0, cellColors[index] != 0 { front = cellColors[index] }
                let back = backgrounds[index]
                if back == 0 && currentBack == 0 {
                  if front != current { out.append(contentsOf: codes[Int(front)]) }
                  current = front
                } else if front != current || back != currentBack {
                  out.append(contentsOf: [0x1B, 0x5B])
                  out.append(contentsOf: fronts[Int(front)])
                  out.append(0x3B)
                  out.append(contentsOf: backs[Int(back)])
                  out.append(0x6D)
                  current = front
                  currentBack = back
                }
                appendCell(glyph, mask, to: &out)
              }
            }
          } else {
            for column in 0..<columns {
              let index = base + column
              var glyph: UInt32 = 0
              if !text.isEmpty {
                glyph = text[index]
                if glyph == Raster.continuation { continue }
              }
              let mask = cells[index]
              if escapeCodes && (glyph != 0 || mask != 0) {
                let c = cellColors[index]
                if c != current && c != 0 {
                  out.append(contentsOf: codes[Int(c)])
                  current = c
                }
              }
              appendCell(glyph, mask, to: &out)
            }
          }
          if current != 0 || currentBack != 0 {
            out.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D])  // ESC[0m
          }
          out.append(0x0A)
        }
      }
    }
    return out
  }

  /// Appends a cell: its character, else its dots (braille, or ASCII's four glyphs).
  @inline(__always)
  func appendCell(_ glyph: UInt32, _ mask: UInt8, to out: inout [UInt8]) {
    if glyph != 0 {
      appendScalar(glyph, to: &out)
    } else if ascii {
      out.append(Raster.asciiGlyphs[Int(mask & 3)])
    } else if mask == 0 {
      out.append(0x20)
    } else {
      // U+2800 + mask in UTF-8: E2, A0 | mask >> 6, 80 | mask & 0x3F
      out.append(0xE2)
      out.append(0xA0 | (mask >> 6))
      out.append(0x80 | (mask & 0x3F))
    }
  }

  func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
    if value < 0x80 {
      out.append(UInt8(value))
    } else if let scalar = Unicode.Scalar(value) {
      out.append(contentsOf: String(Character(scalar)).utf8)
    } else {
      out.append(0x3F)
    }
  }

  /// The escape sequence selecting foreground colour `c`.
  static func escape(_ c: Color, _ mode: ColorMode) -> [UInt8] {
    if mode == .none { return [] }
    return [0x1B, 0x5B] + parameters(c, mode, background: false) + [0x6D]
  }

  /// The SGR parameters selecting `c` as the foreground (`38;…`, `3X`, `9X`) or the
  /// background (`48;…`, `4X`, `10X`) colour.
  static func parameters(_ c: Color, _ mode: ColorMode, background: Bool) -> [UInt8] {
    let body: String
    let plane = background ? 4 : 3
    switch mode {
    case .none: return []
    case .truecolor: body = "\(plane)8;2;\(c.r);\(c.g);\(c.b)"
    case .ansi256: body = "\(plane)8;5;\(ansi256(c))"
    case .ansi16:
      let n = ansi16(c)
      body = n < 8 ? "\(plane * 10 + n)" : "\(plane * 10 + 60 + n - 8)"
    }
    return Array(body.utf8)
  }

  /// The xterm default 16-colour palette.
  static let basic16: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
    (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  static func distance(_ c: Color, _ r: Int, _ g: Int, _ b: Int) -> Int {
    let dr = Int(c.r) - r, dg = Int(c.g) - g, db = Int(c.b) - b
    return dr * dr + dg * dg + db * db
  }

  /// The nearest of the 16 basic colours (0–15).
  static func ansi16(_ c: Color) -> Int {
    var best = 0, bestDistance = Int.max
    for (index, p) in basic16.enumerated() {
      let d = distance(c, p.0, p.1, p.2)
      if d < bestDistance {
        best = index
        bestDistance = d
      }
    }
    return best
  }

  /// The nearest colour of the 6×6×6 cube or the grey ramp (16–255).
  static func ansi256(_ c: Color) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
    let r = level(c.r), g = level(c.g), b = level(c.b)
    let cube = 16 + 36 * r + 6 * g + b
    let cubeDistance = distance(c, levels[r], levels[g], levels[b])
    let average = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
    let greyIndex = max(0, min(23, (average - 3) / 10))
    let grey = 8 + 10 * greyIndex
    return distance(c, grey, grey, grey) < cubeDistance ? 232 + greyIndex : cube
  }
}

extension Shape {
  /// A circle or an ellipse.
  var isRound: Bool {
    switch self {
    case .circle, .ellipse: return true
    default: return false
    }
  }
}

/// Cells a character takes in a terminal: 0 for combining marks and zero-width characters,
/// 2 for East Asian wide and emoji ranges, else 1. (Shared with `play`'s screen.)
package func terminalCellWidth(_ v: UInt32) -> Int {
  switch v {
  case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
  case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
    return 2
  default: return 1
  }
}
