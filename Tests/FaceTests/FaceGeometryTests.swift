// The face's geometry against numbers worked out by hand from docs/ARCHITECTURE.md ("The
// face's geometry").

import Face
import Geometry
import Render
import Testing

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Point, _ b: Point) -> Bool { near(a.x, b.x) && near(a.y, b.y) }

func face(_ happiness: Double, _ width: Double, _ height: Double, x: Double = 0, y: Double = 0)
  throws -> FaceGeometry
{
  try faceGeometry(
    state: FaceState(happiness: happiness), style: .seed,
    bounds: Rect(x: x, y: y, width: width, height: height))
}

/// 320×480: size = 320/2 × 0.9 = 144, mid (160, 240); eyes 0.35×144 = 50.4 from the
/// centre, radius 14.4; mouth ends 0.45×144 = 64.8 either side, 0.40×144 = 57.6 below;
/// controls 64.8×2/3 = 43.2 inwards, moved 0.25×144 = 36 × smile down.
@Test(arguments: [(0.0, 261.6), (50.0, 297.6), (100.0, 333.6), (75.0, 315.6)])
func portraitIphone(happiness: Double, controlY: Double) throws {
  let g = try face(happiness, 320, 480)
  #expect(near(g.center, Point(160, 240)))
  #expect(near(g.size, 144))
  #expect(near(g.leftEye, Point(109.6, 189.6)))
  #expect(near(g.rightEye, Point(210.4, 189.6)))
  #expect(near(g.eyeRadius, 14.4))
  #expect(near(g.mouthStart, Point(95.2, 297.6)))
  #expect(near(g.mouthEnd, Point(224.8, 297.6)))
  #expect(near(g.mouthControl1, Point(138.4, controlY)))
  #expect(near(g.mouthControl2, Point(181.6, controlY)))
  #expect(g.lineWidth == 5 && g.color == Color(r: 0, g: 0, b: 255))
  #expect(g.eyeOpen == 1 && g.brows == nil)
}

/// 480×320 (landscape): the smaller side is still 320, so size 144, mid (240, 160).
@Test(arguments: [(0.0, 181.6), (50.0, 217.6), (100.0, 253.6)])
func landscapeIphone(happiness: Double, controlY: Double) throws {
  let g = try face(happiness, 480, 320)
  #expect(near(g.center, Point(240, 160)))
  #expect(near(g.size, 144))
  #expect(near(g.leftEye, Point(189.6, 109.6)))
  #expect(near(g.rightEye, Point(290.4, 109.6)))
  #expect(near(g.mouthStart, Point(175.2, 217.6)))
  #expect(near(g.mouthEnd, Point(304.8, 217.6)))
  #expect(near(g.mouthControl1, Point(218.4, controlY)))
  #expect(near(g.mouthControl2, Point(261.6, controlY)))
}

/// The bounds' origin moves the face: 200×100 at (10, 20): size 50×0.9 = 45, mid (110, 70).
@Test func offsetBounds() throws {
  let g = try face(100, 200, 100, x: 10, y: 20)
  #expect(near(g.center, Point(110, 70)))
  #expect(near(g.size, 45))
  #expect(near(g.leftEye, Point(110 - 15.75, 70 - 15.75)))
  #expect(near(g.mouthStart, Point(110 - 20.25, 70 + 18)))
  #expect(near(g.mouthControl1, Point(110 - 20.25 + 13.5, 70 + 18 + 11.25)))
}

@Test(arguments: [0.0, 12.5, 50, 63.7, 100])
func mouthIsSymmetric(happiness: Double) throws {
  for (w, h) in [(320.0, 480.0), (480.0, 320.0), (768.0, 1004.0), (123.4, 56.7)] {
    let g = try face(happiness, w, h, x: 3, y: 7)
    #expect(near(g.mouthStart.x + g.mouthEnd.x, 2 * g.center.x))
    #expect(near(g.mouthControl1.x + g.mouthControl2.x, 2 * g.center.x))
    #expect(near(g.mouthControl1.y, g.mouthControl2.y))
    #expect(near(g.mouthStart.y, g.mouthEnd.y))
    #expect(near(g.leftEye.x + g.rightEye.x, 2 * g.center.x))
  }
}

@Test func smileBendsTheMouthDownInTheMiddle() throws {
  let happy = try face(100, 320, 480), sad = try face(0, 320, 480), neutral = try face(50, 320, 480)
  #expect(happy.mouthControl1.y > happy.mouthStart.y)
  #expect(sad.mouthControl1.y < sad.mouthStart.y)
  #expect(neutral.mouthControl1.y == neutral.mouthStart.y)
}

@Test func scaleAndStyleChangeTheGeometry() throws {
  var state = try FaceState(happiness: 50, scale: 0.5)
  var g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
  #expect(near(g.size, 80))
  try state.pinch(2)
  g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
  #expect(near(g.size, 160))
  var style = FaceStyle()
  style.eyeRadius = 0.2
  style.lineWidth = 2
  style.color = Color(r: 255, g: 0, b: 0)
  g = try faceGeometry(
    state: state, style: style, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
  #expect(near(g.eyeRadius, 32) && g.lineWidth == 2 && g.color == Color(r: 255, g: 0, b: 0))
}

@Test func expressionEyesAndBrows() throws {
  var state = try FaceState(happiness: 50)
  let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
  state.expression = Expression(mouth: 1, eyes: 0.5, brows: -1)
  var g = try faceGeometry(state: state, style: .seed, bounds: bounds)
  #expect(near(g.mouthControl1.y, 333.6), "expression.mouth overrides happiness")
  #expect(g.eyeOpen == 0.5)
  let items = g.items()
  #expect(items.count == 6)
  #expect(items[1].shape == .ellipse(center: g.leftEye, rx: 14.4, ry: 7.2))
  let brows = try #require(g.brows)
  #expect(brows.count == 2)
  for (brow, eye) in zip(brows, [g.leftEye, g.rightEye]) {
    #expect(brow.inner.y > brow.outer.y, "furrowed: inner end lower")
    #expect(max(brow.inner.y, brow.outer.y) < eye.y - g.eyeRadius, "above the eye")
    #expect(abs(brow.inner.x - g.center.x) < abs(brow.outer.x - g.center.x))
  }
  state.expression = Expression(eyes: 0, brows: 1)
  g = try faceGeometry(state: state, style: .seed, bounds: bounds)
  if case .line(let a, let b) = g.items()[1].shape {
    #expect(near(a, Point(95.2, 189.6)) && near(b, Point(124, 189.6)))
  } else {
    Issue.record("closed eyes are a line")
  }
  for brow in g.brows ?? [] { #expect(brow.inner.y == brow.outer.y, "relaxed: level") }
  state.expression = Expression(eyes: 7)
  #expect(try faceGeometry(state: state, style: .seed, bounds: bounds).eyeOpen == 1)
}

@Test func itemsAreTheSeedDrawing() throws {
  let g = try face(70, 320, 480)
  let paint = Paint(stroke: .blue, lineWidth: 5, fill: nil, opacity: 1)
  let items = g.items()
  #expect(items.count == 4)
  #expect(items.allSatisfy { $0.paint == paint && $0.clip == nil })
  #expect(items[0].shape == .circle(center: g.center, radius: 144))
  #expect(items[2].shape == .circle(center: g.rightEye, radius: g.eyeRadius))
  #expect(items[3].shape == .cubic(g.mouthStart, g.mouthControl1, g.mouthControl2, g.mouthEnd))
  let d = g.drawing(width: 320, height: 480, title: "Bite")
  #expect(d.width == 320 && d.height == 480 && d.title == "Bite" && d.items == items)
}

@Test func badInputsAreErrorsNotDrawings() throws {
  let state = try FaceState()
  let bounds = Rect(x: 0, y: 0, width: 320, height: 480)
  #expect(throws: FaceError.self) {
    try faceGeometry(state: state, style: .seed, bounds: Rect(x: .nan, y: 0, width: 1, height: 1))
  }
  #expect(throws: FaceError.self) {
    try faceGeometry(
      state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: .infinity, height: 1))
  }
  #expect(throws: FaceError.negative("bounds width", -1)) {
    try faceGeometry(state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: -1, height: 1))
  }
  var style = FaceStyle()
  style.eyeH = .nan
  #expect(throws: FaceError.nonFinite("eye_h")) {
    try faceGeometry(state: state, style: style, bounds: bounds)
  }
  style = FaceStyle()
  style.lineWidth = 0
  #expect(throws: FaceError.outOfRange("line_width", 0)) { try style.validated() }
  style = FaceStyle()
  style.scale = -1
  #expect(throws: FaceError.outOfRange("scale", -1)) { try style.validated() }
  #expect(try FaceStyle.seed.validated() == FaceStyle())
  var withExpression = state
  withExpression.expression = Expression(mouth: .nan)
  #expect(throws: FaceError.nonFinite("mouth")) {
    try faceGeometry(state: withExpression, style: .seed, bounds: bounds)
  }
  withExpression.expression = Expression(brows: .infinity)
  #expect(throws: FaceError.self) {
    try faceGeometry(state: withExpression, style: .seed, bounds: bounds)
  }
  // Finite but overflowing to infinity.
  #expect(throws: FaceError.self) {
    try faceGeometry(
      state: state, style: .seed, bounds: Rect(x: 1.7e308, y: 0, width: 1.7e308, height: 1.7e308))
  }
}

/// Equality compares the parts: any one changed makes another geometry, also where the
/// items drawn are alike (eyes open 1 and 1.5 both draw circles).
@Test func geometriesDifferInAnyPart() throws {
  let g = try face(70, 320, 480)
  #expect(g == (try face(70, 320, 480)))
  let changes: [(String, (inout FaceGeometry) -> Void)] = [
    ("eyeOpen", { $0.eyes[0].open = 1.5 }),
    ("eye aspect", { $0.eyes[1].aspect = 0.5 }),
    ("eye angle", { $0.eyes[1].angle = 0.1 }),
    ("headRadii", { $0.headRadii = FaceGeometry.HeadRadii(x: 1, y: 2) }),
    (
      "pupils",
      {
        $0.pupils = [
          FaceGeometry.Disc(center: Point(1, 1), radius: 3),
          FaceGeometry.Disc(center: Point(2, 2), radius: 3),
        ]
      }
    ),
    (
      "lowerLip",
      { $0.lowerLip = FaceGeometry.LowerLip(control1: Point(1, 1), control2: Point(2, 2)) }
    ),
    (
      "ears",
      {
        $0.ears = [
          FaceGeometry.Ear(center: Point(1, 1), rx: 3, ry: 4),
          FaceGeometry.Ear(center: Point(2, 2), rx: 3, ry: 4),
        ]
      }
    ),
    ("hair", { $0.hair = [FaceGeometry.Segment(Point(0, 0), Point(1, 1))] }),
    (
      "missingMark",
      {
        $0.missingMark = FaceGeometry.MissingMark(
          FaceGeometry.Segment(Point(0, 0), Point(1, 1)),
          FaceGeometry.Segment(Point(2, 2), Point(3, 3)))
      }
    ),
    ("brows", { $0.brows = [] }),
    ("fill", { $0.fill = Color(r: 1, g: 2, b: 3) }),
    ("rightFill", { $0.rightFill = Color(r: 1, g: 2, b: 3) }),
    ("headQuarters", { $0.headQuarters = [] }),
  ]
  for (name, change) in changes {
    var h = g
    change(&h)
    #expect(h != g, "\(name)")
  }
}
