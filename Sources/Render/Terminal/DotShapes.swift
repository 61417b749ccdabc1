// The shapes of a drawing in dots: circles and ellipses as rings or discs, segments as
// round-capped capsules, cubics flattened into segments, rects as four capsules; clipped to
// the item's clip box first, so a coordinate of any size costs what one in view does.

import Geometry

extension Raster {

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
    case .polygon(let points):
      guard let first = points.first else { return }
      strokeShape(.polyline(points + [first]), halfWidth: hw)
    case .rect(let r), .roundedRect(let r, _):
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
    case .rect(let r), .roundedRect(let r, _):
      let x0 = px(min(r.x, r.x + r.width)), x1 = px(max(r.x, r.x + r.width))
      guard let range = rowRange(py(min(r.y, r.y + r.height)), py(max(r.y, r.y + r.height))) else {
        return
      }
      for y in range { span(y, x0, x1) }
    case .line, .cubic, .polyline, .polygon, .text:
      break  // open paths are only stroked; a polygon (an arrow) is too small to fill in cells
    }
  }

  /// Sets the background of the cells where `shape` (a circle, an ellipse, a rect or a
  /// polygon's box) would
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
    case .rect(let r), .roundedRect(let r, _):
      let x0 = px(min(r.x, r.x + r.width)), x1 = px(max(r.x, r.x + r.width))
      let y0 = py(min(r.y, r.y + r.height)), y1 = py(max(r.y, r.y + r.height))
      (center, rx, ry) = (Point((x0 + x1) / 2, (y0 + y1) / 2), (x1 - x0) / 2, (y1 - y0) / 2)
      isRect = true
    case .polygon(let points):
      // An arrow-shaped button (iOS 6's back button): the cells of its box, as near to its
      // shape as a row of cells comes, so its title shows on the button's colour.
      guard let left = points.map(\.x).min(), let right = points.map(\.x).max(),
        let top = points.map(\.y).min(), let bottom = points.map(\.y).max()
      else { return }
      let x0 = px(left), x1 = px(right), y0 = py(top), y1 = py(bottom)
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

}
