import Declarations
import Face
import Files
import Geometry
import Glibc
import LuaHost
import Readable
import Render

/// The `pen` a feature draws with: face units (origin at the face's centre, 1 = the head's
/// radius, y down), turned into points and clipped to the view.
package final class Pen {
  package let center: Point
  package let unit: Double
  package let clip: Rect
  package var color: Color
  package var width: Double
  package var current: Point?
  package var items: [Item] = []
  package var closed = false
  /// Bytes charged to the script's memory limit for the strokes drawn so far.
  package var charged = 0

  /// Strokes one feature may draw.
  package static let maxStrokes = 10_000
  /// Strokes all the features of one face may draw together.
  package static let maxStrokesPerFace = 100_000
  /// The largest coordinate or radius, in face units: the view is a few units wide, so
  /// anything larger only draws off screen, and points must stay finite once scaled.
  package static let maxCoordinate = 1000.0
  /// The largest angle (radians) either way: 159 turns; more draws nothing new.
  package static let maxAngle = 1000.0
  /// The points an arc is flattened into at most.
  package static let maxArcSteps = 256
  package let limit: Int
  /// Counts a stroke's bytes against the script's memory limit (throws past it).
  package let charge: (Int) throws -> Void

  package init(
    geometry g: FaceGeometry, clip: Rect, limit: Int = Pen.maxStrokes,
    charge: @escaping (Int) throws -> Void
  ) {
    self.limit = min(limit, Pen.maxStrokes)
    self.charge = charge
    center = g.center
    unit = g.size
    self.clip = clip
    color = g.color
    width = g.lineWidth
  }

  package func point(_ x: Double, _ y: Double) -> Point {
    Point(center.x + x * unit, center.y + y * unit)
  }

  /// The bytes the host holds for one stroke of `points` points: the item in the feature's
  /// and the face's arrays (each grows by doubling), the points, and their SVG text.
  package static func bytes(points: Int) -> Int {
    4 * MemoryLayout<Item>.stride
      + (points > 4 ? 32 + points * (MemoryLayout<Point>.stride + 16) : 0)
  }

  package func add(_ shape: Shape, points: Int = 1) throws {
    guard !closed else { throw sessionError("the pen is used after its feature returned") }
    guard items.count < limit else {
      throw sessionError(
        limit < Pen.maxStrokes
          ? "the features of one face may draw at most \(Pen.maxStrokesPerFace) strokes in all"
          : "a feature may draw at most \(Pen.maxStrokes) strokes")
    }
    // Strokes live in Swift: they count against the script's memory limit while the
    // drawing is made (the painter gives them back: `Painter.charging`).
    let bytes = Pen.bytes(points: points)
    try charge(bytes)
    charged += bytes
    items.append(Item(shape, paint: Paint(stroke: color, lineWidth: width), clip: clip))
  }

  /// Starts a stroke at (x, y), in face units.
  package func move(x: Double, y: Double) { current = point(x, y) }

  /// A line from the current point to (x, y).
  package func line(x: Double, y: Double) throws {
    guard let from = current else { throw sessionError("pen:line needs a pen:move first") }
    let to = point(x, y)
    try add(.line(from, to))
    current = to
  }

  /// A cubic Bézier from the current point to (x, y) through two control points.
  package func curve(x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double) throws {
    guard let from = current else { throw sessionError("pen:curve needs a pen:move first") }
    let to = point(x, y)
    try add(.cubic(from, point(x1, y1), point(x2, y2), to))
    current = to
  }

  /// A circle of radius r around (x, y).
  package func circle(x: Double, y: Double, r: Double) throws {
    try add(.circle(center: point(x, y), radius: r * unit))
  }

  /// An arc of radius r around (x, y) from angle `from` to `to`: radians, clockwise on
  /// screen (y down).
  package func arc(x: Double, y: Double, r: Double, from: Double, to: Double) throws {
    // More than a turn draws the whole circle once (spread over many turns, the points
    // would zigzag across it), then ends at `to` for the next stroke.
    let sweep = max(min(to - from, 2 * Double.pi), -2 * Double.pi)
    // 16 points a radian, at least 8, at most maxArcSteps: decided as a Double, so no
    // sweep can make the count (or an Int conversion) overflow.
    let wanted = abs(sweep) * 16
    let steps = wanted >= Double(Pen.maxArcSteps) ? Pen.maxArcSteps : max(8, Int(wanted))
    func at(_ a: Double) -> Point { point(x + r * cos(a), y + r * sin(a)) }
    var points: [Point] = []
    points.reserveCapacity(steps + 2)
    for i in 0...steps { points.append(at(from + sweep * Double(i) / Double(steps))) }
    if sweep != to - from { points.append(at(to)) }
    try add(.polyline(points), points: points.count)
    current = points.last
  }
}
