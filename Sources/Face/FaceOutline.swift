// The head's outline as the layout uses it: each half flattened to a convex polygon whose
// chords lie inside the drawn curve, so a part kept a margin inside the polygon is at least
// that far inside the head, and the half's centre line keeps the two halves' parts apart.

import Geometry
import Glibc

extension FaceGeometry {
  /// One half of the outline as points from the top of the centre line round the side to
  /// its bottom (inscribed: every chord lies inside the drawn curve, which is convex).
  public func halfOutline(_ side: Side) -> [Point] {
    let d = side.sign
    guard let q = headQuarters else {
      let steps = 16
      return (0...steps).map { j in
        let phi = Double.pi * Double(j) / Double(steps)
        return Point(center.x + d * headRadii.x * sin(phi), center.y - headRadii.y * cos(phi))
      }
    }
    let upper = q[2 * side.rawValue], lower = q[2 * side.rawValue + 1]
    let steps = 8
    var points = (0...steps).reversed().map { upper.point(at: Double($0) / Double(steps)) }
    points += (1...steps).map { lower.point(at: Double($0) / Double(steps)) }
    return points
  }
}

/// One half of the head as the intersection of half-planes (`n · p ≤ c`, `n` the outward unit
/// normal of an edge): how far a point, an eye or a vertical line is inside it.
struct HeadHalf {
  private struct Edge {
    var n: Point
    var c: Double
    /// The edge along the face's centre line, which parts of both halves may cross.
    var onCentre: Bool

    /// The margin to keep from this edge: `centre` on the centre line (nil: none, the edge
    /// does not count), else `margin`.
    func margin(_ margin: Double, _ centre: Double?) -> Double? { onCentre ? centre : margin }
  }
  private var edges: [Edge] = []

  /// The half through `points` (a convex outline from the top of the centre line to its
  /// bottom), closed along the centre line.
  init(_ points: [Point]) {
    let n = Double(points.count)
    let inside = Point(
      points.reduce(0) { $0 + $1.x } / n, points.reduce(0) { $0 + $1.y } / n)
    edges.reserveCapacity(points.count)
    for i in points.indices {
      let a = points[i], b = points[(i + 1) % points.count]
      let dx = b.x - a.x, dy = b.y - a.y
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > 0 else { continue }
      var normal = Point(dy / length, -dx / length)
      if normal.x * (inside.x - a.x) + normal.y * (inside.y - a.y) > 0 {
        normal = Point(-normal.x, -normal.y)
      }
      edges.append(
        Edge(
          n: normal, c: normal.x * a.x + normal.y * a.y, onCentre: i == points.count - 1))
    }
  }

  /// How far inside `p` is, less `margin` from the outline and `centre` from the centre line
  /// (nil: the centre line does not count): 0 or more when it is inside with those margins.
  func slack(_ p: Point, margin: Double, centre: Double?) -> Double {
    var least = Double.infinity
    for e in edges {
      guard let m = e.margin(margin, centre) else { continue }
      least = min(least, e.c - m - (e.n.x * p.x + e.n.y * p.y))
    }
    return least
  }

  /// As `slack(_:margin:centre:)` for the whole of `eye`: its ellipse reaches
  /// √((n·u)² + (n·v)²) along a normal n, u and v its turned radii.
  func slack(_ eye: Eye, margin: Double, centre: Double) -> Double {
    let ca = cos(eye.angle), sa = sin(eye.angle)
    let u = Point(ca * eye.radius, sa * eye.radius)
    let v = Point(-sa * eye.height, ca * eye.height)
    var least = Double.infinity
    for e in edges {
      let nu = e.n.x * u.x + e.n.y * u.y, nv = e.n.x * v.x + e.n.y * v.y
      let reach = (nu * nu + nv * nv).squareRoot()
      let m = e.margin(margin, centre)!
      least = min(least, e.c - m - (e.n.x * eye.center.x + e.n.y * eye.center.y) - reach)
    }
    return least
  }

  /// The highest y (smallest) a point at `x` may have to be inside with `margin` (and
  /// `centre` from the centre line); nil when no point at `x` is.
  func top(atX x: Double, margin: Double, centre: Double?) -> Double? {
    var low = -Double.infinity, high = Double.infinity
    for e in edges {
      guard let m = e.margin(margin, centre) else { continue }
      // n.x·x + n.y·y ≤ c − m, solved for y.
      let rest = e.c - m - e.n.x * x
      if abs(e.n.y) < 1e-12 {
        if rest < 0 { return nil }
      } else if e.n.y < 0 {
        low = max(low, rest / e.n.y)
      } else {
        high = min(high, rest / e.n.y)
      }
    }
    return low <= high ? low : nil
  }
}
