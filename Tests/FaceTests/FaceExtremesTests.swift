// Every combination of channels' extremes keeps the face's parts apart and inside the head
// (issue 26: brows crossed the hair and left the head, the fringe crossed the eyes, a long nose
// touched the mouth). The checks trace the shapes the face draws (Render's circles, ellipses,
// lines, cubics) with their own arithmetic and measure distances between the traces; they
// know nothing of how the layout placed the parts. A pixel spot check follows in
// FaceExtremesPixelTests.

import Face
import Foundation
import Geometry
import Render
import Testing

/// A part of a face as straight segments (curves cut into 48).
struct Trace {
  var segments: [(Point, Point)] = []
  var low = Point(.infinity, .infinity), high = Point(-.infinity, -.infinity)

  mutating func add(_ run: [Point]) {
    for (a, b) in zip(run, run.dropFirst()) { segments.append((a, b)) }
    for p in run {
      low = Point(min(low.x, p.x), min(low.y, p.y))
      high = Point(max(high.x, p.x), max(high.y, p.y))
    }
  }

  var isEmpty: Bool { segments.isEmpty }

  init(_ shapes: [Shape] = []) {
    for shape in shapes { add(Trace.points(shape)) }
  }

  /// Points along a shape, in order.
  static func points(_ shape: Shape) -> [Point] {
    let n = 48
    func ellipse(_ c: Point, _ rx: Double, _ ry: Double) -> [Point] {
      (0...n).map { i in
        let a = 2 * Double.pi * Double(i) / Double(n)
        return Point(c.x + rx * cos(a), c.y + ry * sin(a))
      }
    }
    switch shape {
    case .circle(let c, let r): return ellipse(c, r, r)
    case .ellipse(let c, let rx, let ry): return ellipse(c, rx, ry)
    case .line(let a, let b): return [a, b]
    case .cubic(let p0, let p1, let p2, let p3):
      return (0...n).map { i in
        let t = Double(i) / Double(n), u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return Point(
          a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
      }
    case .polyline(let points), .polygon(let points): return points
    case .rect, .roundedRect, .text: return []
    }
  }
}

func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
  let dx = b.x - a.x, dy = b.y - a.y
  let length2 = dx * dx + dy * dy
  let t = length2 == 0 ? 0 : min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1)
  let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
  return (x * x + y * y).squareRoot()
}

/// The least distance between two segments.
func distance(_ s: (Point, Point), _ t: (Point, Point)) -> Double {
  func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
  }
  let d1 = cross(s.0, s.1, t.0), d2 = cross(s.0, s.1, t.1)
  let d3 = cross(t.0, t.1, s.0), d4 = cross(t.0, t.1, s.1)
  if (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0) && d1 != 0 && d2 != 0 { return 0 }
  return min(
    distance(s.0, t.0, t.1), distance(s.1, t.0, t.1), distance(t.0, s.0, s.1),
    distance(t.1, s.0, s.1))
}

/// The least distance between two traces, or infinity when their boxes are farther apart
/// than `within`.
func distance(_ a: Trace, _ b: Trace, within: Double) -> Double {
  guard !a.isEmpty, !b.isEmpty else { return .infinity }
  if a.low.x > b.high.x + within || b.low.x > a.high.x + within || a.low.y > b.high.y + within
    || b.low.y > a.high.y + within
  {
    return .infinity
  }
  var least = Double.infinity
  for s in a.segments {
    let lo = Point(min(s.0.x, s.1.x) - within, min(s.0.y, s.1.y) - within)
    let hi = Point(max(s.0.x, s.1.x) + within, max(s.0.y, s.1.y) + within)
    for t in b.segments
    where max(t.0.x, t.1.x) >= lo.x && min(t.0.x, t.1.x) <= hi.x
      && max(t.0.y, t.1.y) >= lo.y && min(t.0.y, t.1.y) <= hi.y
    {
      least = min(least, distance(s, t))
    }
  }
  return least
}

/// Whether `p` is inside the closed outline `head` (crossings of a ray to the right).
func inside(_ p: Point, _ head: Trace) -> Bool {
  var crossings = 0
  for (a, b) in head.segments where (a.y > p.y) != (b.y > p.y) {
    let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
    if x > p.x { crossings += 1 }
  }
  return crossings % 2 == 1
}

/// A face's parts traced, the halves' eyes and brows apart.
struct TracedFace {
  var head = Trace(), eyes = [Trace(), Trace()], brows = [Trace(), Trace()]
  var pupils = Trace(), nose = Trace(), mouth = Trace(), hair: [Trace] = []
  var center: Point

  init(_ g: FaceGeometry) {
    center = g.center
    head = Trace(g.items(of: .head).map(\.shape))
    for item in g.items(of: .eyes) {
      let run = Trace.points(item.shape)
      eyes[run[0].x < g.center.x && run.last!.x < g.center.x ? 0 : 1].add(run)
    }
    for item in g.items(of: .brows) {
      let run = Trace.points(item.shape)
      brows[run[0].x < g.center.x ? 0 : 1].add(run)
    }
    pupils = Trace(g.items(of: .pupils).map(\.shape))
    nose = Trace(g.items(of: .nose).map(\.shape))
    mouth = Trace(g.items(of: .mouth).map(\.shape))
    hair = g.items(of: .hair).map { Trace([$0.shape]) }
  }
}

/// What is wrong with a face: parts touching that must be apart, parts outside the head, a
/// nose below the mouth's top. Empty when nothing is. Apart means a fifth of a stroke of
/// blank between the strokes (their centre lines 1.2 strokes apart).
func faceProblems(_ g: FaceGeometry) -> [String] {
  let f = TracedFace(g)
  let clear = 1.2 * g.lineWidth
  var problems: [String] = []
  func apart(_ a: Trace, _ b: Trace, _ what: String) {
    let d = distance(a, b, within: clear)
    if d < clear { problems.append("\(what) \(d) apart") }
  }
  let features: [(String, Trace)] =
    [
      ("left eye", f.eyes[0]), ("right eye", f.eyes[1]), ("left brow", f.brows[0]),
      ("right brow", f.brows[1]), ("nose", f.nose), ("mouth", f.mouth), ("pupils", f.pupils),
    ]
  // Inside the head: every point inside, and no stroke nearer the outline than `clear`.
  var nearest = Double.infinity
  for (a, b) in f.head.segments {
    nearest = min(nearest, distance(f.center, a, b))
  }
  for (name, t) in features {
    for (a, b) in t.segments {
      for p in [a, b] where !inside(p, f.head) {
        problems.append("\(name) outside the head at \(p)")
        break
      }
    }
    // Points nearer the centre than the outline's nearest point less `clear` are clear of it.
    let far = t.segments.contains { s in
      [s.0, s.1].contains { p in
        ((p.x - f.center.x) * (p.x - f.center.x) + (p.y - f.center.y) * (p.y - f.center.y))
          .squareRoot() > nearest - clear
      }
    }
    if far { apart(t, f.head, "\(name) and the outline") }
  }
  for strand in f.hair {
    if let end = strand.segments.first?.1, !inside(end, f.head) {
      problems.append("hair ends outside the head at \(end)")
    }
    for (name, t) in features where name != "mouth" { apart(strand, t, "hair and \(name)") }
  }
  apart(f.eyes[0], f.eyes[1], "the eyes")
  apart(f.brows[0], f.brows[1], "the brows")
  for i in 0..<2 {
    for j in 0..<2 { apart(f.brows[i], f.eyes[j], "brow \(i) and eye \(j)") }
    apart(f.brows[i], f.nose, "brow \(i) and the nose")
    apart(f.brows[i], f.mouth, "brow \(i) and the mouth")
    apart(f.eyes[i], f.nose, "eye \(i) and the nose")
    apart(f.eyes[i], f.mouth, "eye \(i) and the mouth")
  }
  apart(f.nose, f.mouth, "the nose and the mouth")
  if !f.nose.isEmpty {
    // The mouth's highest point over the nose's width is below the nose's lowest point.
    let over = f.mouth.segments.flatMap { [$0.0, $0.1] }.filter {
      $0.x >= f.nose.low.x && $0.x <= f.nose.high.x
    }
    if let top = over.map(\.y).min(), top <= f.nose.high.y {
      problems.append("the mouth (top \(top)) is not below the nose (bottom \(f.nose.high.y))")
    }
  }
  return problems
}

/// Each channel's values in a sweep: both ends and the middle.
func extremes(_ c: Channel) -> [Double] { c == .smile ? [-1, 0, 1] : [0, 0.5, 1] }

/// The channels that place a part (face_color only paints).
let placing = Channel.allCases.filter { $0 != .faceColor }

func face(_ channels: Channels, _ width: Double = 300, _ height: Double = 300) throws
  -> FaceGeometry
{
  var state = try FaceState(happiness: 50)
  state.channels = channels
  return try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: width, height: height))
}

/// Every pair of channels at every pair of their extremes, the others not given, in a square
/// view and the phone's (the sheet's faces are drawn at 320×480).
@Test(arguments: [(300.0, 300.0), (320.0, 480.0)])
func everyPairOfExtremesKeepsThePartsApartAndInside(_ view: (Double, Double)) throws {
  var failures: [String] = []
  for (i, a) in placing.enumerated() {
    for b in placing[(i + 1)...] {
      for x in extremes(a) {
        for y in extremes(b) {
          var ch = Channels()
          ch[a] = x
          ch[b] = y
          let problems = faceProblems(try face(ch, view.0, view.1))
          if let p = problems.first { failures.append("\(a.name)=\(x) \(b.name)=\(y): \(p)") }
        }
      }
    }
  }
  #expect(
    failures.isEmpty, "\(failures.count) faces: \(failures.prefix(20).joined(separator: "\n"))")
}

/// A small deterministic generator (SplitMix64), so a failure names a face that reproduces.
struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func pick(_ values: [Double]) -> Double { values[Int(next() % UInt64(values.count))] }
}

/// Faces with every channel given, each half its own extreme, drawn from a fixed seed.
@Test func everyChannelAtExtremesOnEachHalfKeepsThePartsApartAndInside() throws {
  var random = SplitMix(state: 26)
  var failures: [String] = []
  for n in 0..<400 {
    var ch = Channels()
    for c in Channel.allCases {
      for side in Side.allCases { ch[c, side] = random.pick(extremes(c)) }
    }
    // Every fourth face symmetric: the halves' parts then meet on the centre line.
    if n % 4 == 0 { for c in Channel.allCases { ch[c, .right] = ch[c, .left] } }
    let problems = faceProblems(try face(ch, 320, 480))
    if let p = problems.first {
      let values = Channel.allCases.map {
        "\($0.name)=\(ch[$0, .left]!)/\(ch[$0, .right]!)"
      }
      failures.append("face \(n): \(p) [\(values.joined(separator: " "))]")
    }
  }
  #expect(
    failures.isEmpty, "\(failures.count) faces: \(failures.prefix(10).joined(separator: "\n"))")
}

/// The checks above can fail: the seed's face with its nose pushed into the mouth and a brow
/// dropped into an eye is reported.
@Test func theExtremesChecksCatchTouchingParts() throws {
  var ch = Channels()
  ch[.noseLength] = 0.5
  ch[.browHeight] = 0.5
  var g = try face(ch)
  #expect(faceProblems(g).isEmpty)
  g.nose = [
    g.center, Point(g.center.x - 10, g.mouthStart.y), Point(g.center.x + 10, g.mouthStart.y),
  ]
  g.brows![0].inner.y = g.leftEye.y
  let problems = faceProblems(g)
  #expect(problems.contains { $0.contains("the nose and the mouth") }, "\(problems)")
  #expect(problems.contains { $0.contains("brow 0 and eye 0") }, "\(problems)")
  g = try face(ch)
  g.eyes[1].center.x = g.center.x + 200
  #expect(faceProblems(g).contains { $0.contains("right eye outside the head") })
}
