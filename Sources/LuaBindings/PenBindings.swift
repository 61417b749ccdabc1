import App
import Declarations
import Geometry
import LuaHost
import Readable
import Render

/// The pen's Lua class: a feature's `draw(face, pen)` draws with these. Each method reads
/// its arguments as finite numbers within their ranges, then draws with the app's pen.
enum PenBindings {
  /// What coordinates, radii and angles may be.
  static let coordinate = -Pen.maxCoordinate...Pen.maxCoordinate
  static let radius = 0...Pen.maxCoordinate
  static let angle = -Pen.maxAngle...Pen.maxAngle

  nonisolated(unsafe) static let luaClass = LuaClass<Pen>(name: "pen") { m in
    m.method("move") { pen, call in
      let v = try numbers(call, "move", ["x", "y"], [coordinate])
      pen.move(x: v[0], y: v[1])
    }
    m.method("line") { pen, call in
      let v = try numbers(call, "line", ["x", "y"], [coordinate])
      try pen.line(x: v[0], y: v[1])
    }
    m.method("curve") { pen, call in
      let v = try numbers(call, "curve", ["x1", "y1", "x2", "y2", "x", "y"], [coordinate])
      try pen.curve(x1: v[0], y1: v[1], x2: v[2], y2: v[3], x: v[4], y: v[5])
    }
    m.method("circle") { pen, call in
      let v = try numbers(call, "circle", ["x", "y", "r"], [coordinate, coordinate, radius])
      try pen.circle(x: v[0], y: v[1], r: v[2])
    }
    m.method("arc") { pen, call in
      let v = try numbers(
        call, "arc", ["x", "y", "r", "from", "to"], [coordinate, coordinate, radius, angle])
      try pen.arc(x: v[0], y: v[1], r: v[2], from: v[3], to: v[4])
    }
    m.method("color", color)
    m.method("width", width)
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
