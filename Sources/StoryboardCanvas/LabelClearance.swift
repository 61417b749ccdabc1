// Edge labels kept off the arrows. dot leaves room for each label beside its own edge, but
// an edge climbing steeply between ranks can pass through a neighbour's label, and the
// canvas draws each arrow from its button's row rather than from where dot began it: a
// label some arrow runs through is moved by the least step that clears it.

import Geometry

/// Where edge labels go so that no arrow crosses them.
struct LabelClearance {
  /// The side of a square of the grid the arrows' points are kept in, in points: a label's
  /// box looks only at the squares it covers, so a canvas of a thousand arrows places each
  /// label in time independent of how many arrows there are.
  static let square = 32.0
  /// Every drawn arrow's points, sampled along their curves, by the square they fall in.
  private var grid: [SIMD2<Int>: [Point]] = [:]

  /// The arrows of `routes` (each a start and three points a cubic piece, as dot gives them;
  /// any points past the last whole piece are straight lines), sampled.
  init(routes: [Int: [Point]]) {
    for route in routes.values {
      for p in LabelClearance.sampled(route) where p.x.isFinite && p.y.isFinite {
        grid[Self.key(p.x, p.y), default: []].append(p)
      }
    }
  }

  /// The grid square holding a point (clamped: a point far off lands in an edge square).
  private static func key(_ x: Double, _ y: Double) -> SIMD2<Int> {
    func index(_ v: Double) -> Int { Int(max(min((v / square).rounded(.down), 1e9), -1e9)) }
    return SIMD2(index(x), index(y))
  }

  /// Points along a route, two points apart at most (a cubic piece is no longer than its
  /// control polygon).
  static func sampled(_ route: [Point]) -> [Point] {
    guard var last = route.first else { return [] }
    var out = [last]
    var i = 1
    while i + 2 < route.count {
      let (a, b, c, d) = (last, route[i], route[i + 1], route[i + 2])
      func gap(_ p: Point, _ q: Point) -> Double {
        ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
      }
      let polygon = gap(a, b) + gap(b, c) + gap(c, d)
      let steps = min(max(Int(polygon / 2) + 1, 4), 10_000)
      for k in 1...steps {
        let t = Double(k) / Double(steps), u = 1 - t
        let w = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        out.append(
          Point(
            w.0 * a.x + w.1 * b.x + w.2 * c.x + w.3 * d.x,
            w.0 * a.y + w.1 * b.y + w.2 * c.y + w.3 * d.y))
      }
      last = d
      i += 3
    }
    out += route[i...]
    return out
  }

  /// Whether an arrow passes through `box` (its own too: a label reads beside its arrow).
  func isCrossed(_ box: Rect) -> Bool {
    let (low, high) = (Self.key(box.x, box.y), Self.key(box.maxX, box.maxY))
    guard high.x - low.x < 1000, high.y - low.y < 1000 else { return true }
    for gx in low.x...high.x {
      for gy in low.y...high.y {
        guard let points = grid[SIMD2(gx, gy)] else { continue }
        if points.contains(where: {
          $0.x >= box.x && $0.x <= box.maxX && $0.y >= box.y && $0.y <= box.maxY
        }) {
          return true
        }
      }
    }
    return false
  }

  /// The centre for a label of `size` (centred on the point it is drawn from) nearest
  /// `centre` that no arrow crosses: `centre` itself when none does, else the
  /// least move found in steps of 4 points up to 60; `centre` when none clears.
  func place(_ centre: Point, size: Size) -> Point {
    func box(_ p: Point) -> Rect {
      Rect(
        x: p.x - size.width / 2, y: p.y - size.height / 2, width: size.width, height: size.height)
    }
    guard isCrossed(box(centre)) else { return centre }
    var moves: [Point] = []
    for dx in stride(from: -60.0, through: 60, by: 4) {
      for dy in stride(from: -60.0, through: 60, by: 4) { moves.append(Point(dx, dy)) }
    }
    moves.sort { ($0.x * $0.x + $0.y * $0.y) < ($1.x * $1.x + $1.y * $1.y) }
    for m in moves {
      let p = Point(centre.x + m.x, centre.y + m.y)
      if !isCrossed(box(p)) { return p }
    }
    return centre
  }
}
