import Face
import Geometry
import Glibc
import LuaHost
import Readable
import Render

/// The `pen` a feature draws with: face units (origin at the face's centre, 1 = the head's
/// radius, y down), turned into points and clipped to the view.
final class Pen {
  let center: Point
  let unit: Double
  let clip: Rect
  var color: Color
  var width: Double
  var current: Point?
  var items: [Item] = []
  var closed = false
  /// Bytes charged to the script's memory limit for the strokes drawn so far.
  var charged = 0

  /// Strokes one feature may draw.
  static let maxStrokes = 10_000
  /// Strokes all the features of one face may draw together.
  static let maxStrokesPerFace = 100_000
  /// The largest coordinate or radius, in face units: the view is a few units wide, so
  /// anything larger only draws off screen, and points must stay finite once scaled.
  static let maxCoordinate = 1000.0
  /// The largest angle (radians) either way: 159 turns; more draws nothing new.
  static let maxAngle = 1000.0
  /// The points an arc is flattened into at most.
  static let maxArcSteps = 256
  let limit: Int

  init(geometry g: FaceGeometry, clip: Rect, limit: Int = Pen.maxStrokes) {
    self.limit = min(limit, Pen.maxStrokes)
    center = g.center
    unit = g.size
    self.clip = clip
    color = g.color
    width = g.lineWidth
  }

  func point(_ x: Double, _ y: Double) -> Point { Point(center.x + x * unit, center.y + y * unit) }

  /// The bytes the host holds for one stroke of `points` points: the item in the feature's
  /// and the face's arrays (each grows by doubling), the points, and their SVG text.
  static func bytes(points: Int) -> Int {
    4 * MemoryLayout<Item>.stride
      + (points > 4 ? 32 + points * (MemoryLayout<Point>.stride + 16) : 0)
  }

  func add(_ shape: Shape, points: Int = 1, _ call: LuaCall) throws {
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
    try call.charge(bytes)
    charged += bytes
    items.append(Item(shape, paint: Paint(stroke: color, lineWidth: width), clip: clip))
  }

  /// Reads the call's arguments 2… as the finite numbers `names`, each within its range of
  /// `ranges` (the last range serves the rest); an error names the argument and its value.
  static func numbers(
    _ call: LuaCall, _ what: String, _ names: [String],
    _ ranges: [ClosedRange<Double>]
  ) throws -> [Double] {
    var out: [Double] = []
    for (k, name) in names.enumerated() {
      let i = k + 2
      guard let v = call.number(i), v.isFinite else {
        let got = call.number(i).map(formatNumber) ?? call.typeName(i)
        throw sessionError(
          "pen:\(what) needs \(plural(names.count, "finite number")) (\(names.joined(separator: ", "))): \(name) is \(got)"
        )
      }
      let range = ranges[min(k, ranges.count - 1)]
      guard range.contains(v) else {
        throw sessionError(
          "pen:\(what): \(name) must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), got \(formatNumber(v))"
        )
      }
      out.append(v)
    }
    return out
  }

  /// What coordinates, radii and angles may be.
  static let coordinate = -maxCoordinate...maxCoordinate
  static let radius = 0...maxCoordinate
  static let angle = -maxAngle...maxAngle

  /// The pen's Lua class: a feature's `draw(face, pen)` draws with these.
  nonisolated(unsafe) static let luaClass = LuaClass<Pen>(name: "pen") { m in
    m.method("move", move)
    m.method("line", line)
    m.method("curve", curve)
    m.method("circle", circle)
    m.method("arc", arc)
    m.method("color", color)
    m.method("width", width)
  }

  private static func move(_ pen: Pen, _ call: inout LuaCall) throws {
    let v = try numbers(call, "move", ["x", "y"], [coordinate])
    pen.current = pen.point(v[0], v[1])
  }

  private static func line(_ pen: Pen, _ call: inout LuaCall) throws {
    let v = try numbers(call, "line", ["x", "y"], [coordinate])
    guard let from = pen.current else { throw sessionError("pen:line needs a pen:move first") }
    let to = pen.point(v[0], v[1])
    try pen.add(.line(from, to), call)
    pen.current = to
  }

  private static func curve(_ pen: Pen, _ call: inout LuaCall) throws {
    let v = try numbers(call, "curve", ["x1", "y1", "x2", "y2", "x", "y"], [coordinate])
    guard let from = pen.current else { throw sessionError("pen:curve needs a pen:move first") }
    let to = pen.point(v[4], v[5])
    try pen.add(.cubic(from, pen.point(v[0], v[1]), pen.point(v[2], v[3]), to), call)
    pen.current = to
  }

  private static func circle(_ pen: Pen, _ call: inout LuaCall) throws {
    let v = try numbers(call, "circle", ["x", "y", "r"], [coordinate, coordinate, radius])
    try pen.add(.circle(center: pen.point(v[0], v[1]), radius: v[2] * pen.unit), call)
  }

  /// arc(x, y, r, from, to): angles in radians, clockwise on screen (y down).
  private static func arc(_ pen: Pen, _ call: inout LuaCall) throws {
    let v = try numbers(
      call, "arc", ["x", "y", "r", "from", "to"], [coordinate, coordinate, radius, angle])
    // More than a turn draws the whole circle once (spread over many turns, the points
    // would zigzag across it), then ends at `to` for the next stroke.
    let (from, to) = (v[3], v[4])
    let sweep = max(min(to - from, 2 * Double.pi), -2 * Double.pi)
    // 16 points a radian, at least 8, at most maxArcSteps: decided as a Double, so no
    // sweep can make the count (or an Int conversion) overflow.
    let wanted = abs(sweep) * 16
    let steps = wanted >= Double(maxArcSteps) ? maxArcSteps : max(8, Int(wanted))
    func at(_ a: Double) -> Point { pen.point(v[0] + v[2] * cos(a), v[1] + v[2] * sin(a)) }
    var points: [Point] = []
    points.reserveCapacity(steps + 2)
    for i in 0...steps { points.append(at(from + sweep * Double(i) / Double(steps))) }
    if sweep != to - from { points.append(at(to)) }
    try pen.add(.polyline(points), points: points.count, call)
    pen.current = points.last
  }

  private static func color(_ pen: Pen, _ call: inout LuaCall) throws {
    guard let name = call.string(2) else {
      throw sessionError("pen:color needs a color name or #rrggbb (got \(call.typeName(2)))")
    }
    guard let c = Color(parsing: name) else {
      throw sessionError("pen:color: " + unknownColor(name))
    }
    pen.color = c
  }

  private static func width(_ pen: Pen, _ call: inout LuaCall) throws {
    let v = try numbers(call, "width", ["points"], [0...100])
    guard v[0] > 0 else { throw sessionError("pen:width: points must be above 0, got 0") }
    pen.width = v[0]
  }
}

/// At most the first 40 characters of `s`, quoted: a message must not carry a megabyte.
func quotedPrefix(_ s: String) -> String {
  s.count <= 40 ? "'\(s)'" : "'\(s.prefix(40))…'"
}
