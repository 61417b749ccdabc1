// Where the face's parts go in a view's bounds (docs/ARCHITECTURE.md, "The face's
// geometry"), and the face drawn into Render's drawing model, as the seed's faceView draws
// into its context.

import Geometry
import Glibc
import Render

/// One eyebrow: a short segment from its end nearer the nose to its outer end.
public struct Brow: Equatable, Sendable {
  /// The end nearer the face's vertical centre line.
  public var inner: Point
  /// The end nearer the side of the head.
  public var outer: Point

  /// Creates a brow.
  public init(inner: Point, outer: Point) {
    self.inner = inner
    self.outer = outer
  }
}

/// The face's parts in points: head, eyes, mouth (a cubic), optional brows, and paint.
public struct FaceGeometry: Equatable, Sendable {
  /// The head's centre.
  public var center: Point
  /// The head's radius.
  public var size: Double
  /// The left eye's centre (smaller x).
  public var leftEye: Point
  /// The right eye's centre.
  public var rightEye: Point
  /// The radius of each eye.
  public var eyeRadius: Double
  /// How open the eyes are, 0 (closed) to 1 (open).
  public var eyeOpen: Double
  /// The mouth's left end.
  public var mouthStart: Point
  /// The mouth's first control point.
  public var mouthControl1: Point
  /// The mouth's second control point.
  public var mouthControl2: Point
  /// The mouth's right end.
  public var mouthEnd: Point
  /// The eyebrows (left, right), when the expression has them.
  public var brows: [Brow]?
  /// The stroke width.
  public var lineWidth: Double
  /// The stroke colour.
  public var color: Color
  /// The head's horizontal and vertical radii (both `size` unless a channel changes them).
  public var headRadii = HeadRadii(x: 0, y: 0)
  /// The face's fill (`face_color`), if given.
  public var fill: Color?
  /// The pupils' centres (left, right) and radius (`pupil`), if given.
  public var pupils: Pupils?
  /// The lower lip's control points when the mouth is open (`mouth_opening` above 0).
  public var lowerLip: LowerLip?
  /// The nose as a closed outline (`nose_length`, `nose_width`), if given.
  public var nose: [Point]?
  /// The ears' centres and radii (`ear_size`), if given.
  public var ears: Ears?
  /// The hair's strands, each a segment (`hair`), if given.
  public var hair: [Segment] = []
  /// A corner mark for a row whose data was missing for some channel.
  public var missingMark: MissingMark?

  /// The head's radii.
  public struct HeadRadii: Equatable, Sendable {
    public var x, y: Double
    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
  }

  /// The pupils: centres and radius.
  public struct Pupils: Equatable, Sendable {
    public var left, right: Point
    public var radius: Double
    public init(left: Point, right: Point, radius: Double) {
      (self.left, self.right, self.radius) = (left, right, radius)
    }
  }

  /// The lower lip's control points.
  public struct LowerLip: Equatable, Sendable {
    public var control1, control2: Point
    public init(control1: Point, control2: Point) {
      (self.control1, self.control2) = (control1, control2)
    }
  }

  /// The ears: centres and radii.
  public struct Ears: Equatable, Sendable {
    public var left, right: Point
    public var rx, ry: Double
    public init(left: Point, right: Point, rx: Double, ry: Double) {
      (self.left, self.right, self.rx, self.ry) = (left, right, rx, ry)
    }
  }

  /// A segment: a strand of hair, a stroke of the missing mark.
  public struct Segment: Equatable, Sendable {
    public var start, end: Point
    public init(_ start: Point, _ end: Point) { (self.start, self.end) = (start, end) }
  }

  /// The missing mark: a cross of two strokes.
  public struct MissingMark: Equatable, Sendable {
    public var first, second: Segment
    public init(_ first: Segment, _ second: Segment) { (self.first, self.second) = (first, second) }
  }

  /// The face as drawing items: the head circle, the eyes (circles, ellipses when half
  /// closed, lines when closed), the mouth and the brows, all stroked with the face's paint.
  public func items() -> [Item] {
    let paint = Paint(stroke: color, lineWidth: lineWidth, fill: nil, opacity: 1)
    var items: [Item] = []
    items.reserveCapacity(brows == nil ? 4 : 6)
    let round = headRadii.x == size && headRadii.y == size
    let head: Shape =
      round
      ? .circle(center: center, radius: size)
      : .ellipse(center: center, rx: headRadii.x, ry: headRadii.y)
    if let fill {
      // A fill of its own, under everything: the terminal paints an item in its fill colour.
      items.append(Item(head, paint: Paint(stroke: nil, lineWidth: 0, fill: fill)))
    }
    if let ears {
      for c in [ears.left, ears.right] {
        items.append(Item(.ellipse(center: c, rx: ears.rx, ry: ears.ry), paint: paint))
      }
    }
    items.append(Item(head, paint: paint))
    for eye in [leftEye, rightEye] {
      let shape: Shape
      if eyeOpen >= 1 {
        shape = .circle(center: eye, radius: eyeRadius)
      } else if eyeOpen > 0 {
        shape = .ellipse(center: eye, rx: eyeRadius, ry: eyeRadius * eyeOpen)
      } else {
        shape = .line(Point(eye.x - eyeRadius, eye.y), Point(eye.x + eyeRadius, eye.y))
      }
      items.append(Item(shape, paint: paint))
    }
    if let pupils {
      // Stroked too: the terminal draws strokes only (an opaque fill clears its dots).
      let solid = Paint(stroke: color, lineWidth: 1, fill: color)
      for c in [pupils.left, pupils.right] {
        items.append(Item(.circle(center: c, radius: pupils.radius), paint: solid))
      }
    }
    items.append(Item(.cubic(mouthStart, mouthControl1, mouthControl2, mouthEnd), paint: paint))
    if let lowerLip {
      items.append(
        Item(.cubic(mouthStart, lowerLip.control1, lowerLip.control2, mouthEnd), paint: paint))
    }
    for brow in brows ?? [] {
      items.append(Item(.line(brow.inner, brow.outer), paint: paint))
    }
    if let nose { items.append(Item(.polyline(nose), paint: paint)) }
    for strand in hair { items.append(Item(.line(strand.start, strand.end), paint: paint)) }
    if let m = missingMark {
      let mark = Paint(stroke: .gray, lineWidth: max(lineWidth / 2, 1))
      items.append(Item(.line(m.first.start, m.first.end), paint: mark))
      items.append(Item(.line(m.second.start, m.second.end), paint: mark))
    }
    return items
  }

  /// A drawing of `width`×`height` points holding just this face.
  public func drawing(width: Double, height: Double, title: String? = nil) -> Drawing {
    Drawing(width: width, height: height, title: title, background: nil, items: items())
  }
}

/// The face of `state` drawn in `style` inside `bounds`: centred, radius
/// min(width, height)/2 × state.scale, mouth bent by `state.smile`. Throws for a style
/// that does not validate, non-finite bounds or a negative bounds size.
public func faceGeometry(state: FaceState, style: FaceStyle, bounds: Rect) throws(FaceError)
  -> FaceGeometry
{
  let style = try style.validated()
  try FaceError.finite(bounds.x, "bounds x")
  try FaceError.finite(bounds.y, "bounds y")
  try FaceError.nonNegative(bounds.width, "bounds width")
  try FaceError.nonNegative(bounds.height, "bounds height")
  try FaceError.positive(state.scale, "scale")
  try FaceError.finite(state.happiness, "happiness")
  try state.expression?.validate()

  let mid = Point(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2)
  let size = min(bounds.width, bounds.height) / 2 * state.scale
  let ch = state.channels
  // Each channel given replaces the style's proportion by a linear map of its 0…1 value;
  // the value that reproduces the seed is in the README's table (mostly 0.5, 1 for the head).
  func channel(_ c: Channel, _ low: Double, _ span: Double, else seed: Double) -> Double {
    ch[c].map { low + span * $0 } ?? seed
  }
  let wide = channel(.headWidth, 0.6, 0.4, else: 1)
  let tall = channel(.headHeight, 0.6, 0.4, else: 1)
  let headX = size * wide, headY = size * tall
  let eyeV = channel(.eyeHeight, 0.15, 0.4, else: style.eyeV)
  let eyeH = channel(.eyeSpacing, 0.2, 0.3, else: style.eyeH)
  // Features keep their place inside a narrower or shorter head, as aplpack's do: the
  // head's radii scale their distances from the centre (1, the seed's, without channels).
  let eyeY = mid.y - eyeV * size * tall
  let leftEye = Point(mid.x - eyeH * size * wide, eyeY)
  let rightEye = Point(mid.x + eyeH * size * wide, eyeY)
  let eyeRadius = channel(.eyeSize, 0.04, 0.12, else: style.eyeRadius) * size

  let mouthH = channel(.mouthWidth, 0.2, 0.5, else: style.mouthH)
  let mouthY = mid.y + style.mouthV * size * tall
  let start = Point(mid.x - mouthH * size * wide, mouthY)
  let end = Point(mid.x + mouthH * size * wide, mouthY)
  let reach = mouthH * size * wide * 2 / 3
  let offset = style.mouthSmile * size * state.smile
  let control1 = Point(start.x + reach, mouthY + offset)
  let control2 = Point(end.x - reach, mouthY + offset)

  var eyeOpen = 1.0
  var brows: [Brow]? = nil
  var tilt = state.expression?.brows.map { min(max($0, -1), 1) }
  if let expression = state.expression {
    eyeOpen = min(max(expression.eyes, 0), 1)
  }
  eyeOpen = ch[.eyeOpening] ?? eyeOpen
  if tilt == nil, ch[.browHeight] != nil || ch[.browSlant] != nil { tilt = 0 }
  if let tilt {
    // Each brow sits above its eye, 1.5 eye radii either side of the eye's centre.
    // Furrowed (-1) draws the inner ends down towards the nose; 0 is level; relaxed (1)
    // stays level and rests a little higher. Inner ends raised above the outer ones
    // would read as worried, which no expression means (brow_slant below 0.5 does).
    let half = eyeRadius * 1.5
    var furrow = max(-tilt, 0) * eyeRadius * 0.6
    if let slant = ch[.browSlant] { furrow = (slant * 2 - 1) * eyeRadius * 0.6 }
    let lift = ch[.browHeight].map { 1.4 + 1.6 * $0 } ?? 2.2 + max(tilt, 0) * 0.3
    // High, large eyes with high brows put them over the top of the view (clipped): the
    // brows stay between the top of the view's middle square (the face's own box, inside
    // any view) and the eyes' tops, a stroke clear of each (round caps reach half a stroke
    // past the ends); the slant shrinks when they cannot fit. Over its eye a brow spans
    // 2/3 of its own height (it reaches 1.5 eye radii out). A short head (head_height)
    // lowers the limit to its outline over the brows' outer ends (where it is lowest),
    // when there is room under it: brows floating over the head read as a second face.
    let square = mid.y - min(bounds.width, bounds.height) / 2 + style.lineWidth
    let outerX = abs(leftEye.x - mid.x) + half
    let head =
      headX > outerX
      ? mid.y - headY * (1 - (outerX / headX) * (outerX / headX)).squareRoot() + style.lineWidth
      : square
    let bottom = eyeY - eyeRadius - style.lineWidth
    let top = bottom >= max(head, square) ? max(head, square) : square
    let room = max(bottom - top, 0)
    furrow = min(max(furrow, -room * 3 / 5), room * 3 / 5)
    let highest = top + abs(furrow), lowest = bottom - abs(furrow) * 2 / 3
    let baseY =
      highest <= lowest ? min(max(eyeY - eyeRadius * lift, highest), lowest) : (top + bottom) / 2
    brows = [
      Brow(
        inner: Point(leftEye.x + half, baseY + furrow),
        outer: Point(leftEye.x - half, baseY - furrow)),
      Brow(
        inner: Point(rightEye.x - half, baseY + furrow),
        outer: Point(rightEye.x + half, baseY - furrow)),
    ]
  }
  var geometry = FaceGeometry(
    center: mid, size: size, leftEye: leftEye, rightEye: rightEye, eyeRadius: eyeRadius,
    eyeOpen: eyeOpen, mouthStart: start, mouthControl1: control1, mouthControl2: control2,
    mouthEnd: end, brows: brows, lineWidth: style.lineWidth, color: style.color)
  geometry.headRadii = .init(x: headX, y: headY)
  if !ch.isEmpty { addParts(&geometry, ch, mid: mid, size: size, bounds: bounds) }
  for value in [size, leftEye.x, rightEye.x, eyeY, start.x, end.x, mouthY, control1.y]
  where !value.isFinite {
    throw FaceError.nonFinite("face geometry")  // overflow of huge but finite inputs
  }
  return geometry
}

/// The parts the seed's face lacks, drawn only when their channel is given.
private func addParts(
  _ g: inout FaceGeometry, _ ch: Channels, mid: Point, size: Double, bounds: Rect
) {
  if let c = ch[.faceColor] { g.fill = FacePalette.color(at: c) }
  if let p = ch[.pupil] {
    // Gaze: 0 looks to the viewer's left, 1 to the right, 0.5 straight ahead.
    let r = g.eyeRadius * 0.4
    let dx = (p * 2 - 1) * (g.eyeRadius - r)
    g.pupils = FaceGeometry.Pupils(
      left: Point(g.leftEye.x + dx, g.leftEye.y), right: Point(g.rightEye.x + dx, g.rightEye.y),
      radius: r)
  }
  if let open = ch[.mouthOpening], open > 0 {
    let depth = open * size * 0.3
    g.lowerLip = FaceGeometry.LowerLip(
      control1: Point(g.mouthControl1.x, g.mouthControl1.y + depth),
      control2: Point(g.mouthControl2.x, g.mouthControl2.y + depth))
  }
  if ch[.noseLength] != nil || ch[.noseWidth] != nil {
    let length = size * (0.1 + 0.3 * (ch[.noseLength] ?? 0.5))
    let half = size * (0.04 + 0.16 * (ch[.noseWidth] ?? 0.5))
    let top = mid.y - size * 0.15
    g.nose = [
      Point(mid.x, top), Point(mid.x - half, top + length), Point(mid.x + half, top + length),
      Point(mid.x, top),
    ]
  }
  if let e = ch[.earSize] {
    let ry = size * (0.06 + 0.14 * e), rx = ry / 2
    let dx = g.headRadii.x + ry / 4
    g.ears = FaceGeometry.Ears(
      left: Point(mid.x - dx, mid.y), right: Point(mid.x + dx, mid.y), rx: rx, ry: ry)
  }
  if let h = ch[.hair], h > 0 {
    // A fringe: strands hanging down from the top of the head, longer for more hair.
    let length = size * 0.2 * h
    for i in 0..<9 {
      let angle = (Double(i) - 4) / 4 * 0.9  // radians either side of straight up
      let top = Point(
        mid.x + g.headRadii.x * sin(angle), mid.y - g.headRadii.y * cos(angle))
      g.hair.append(FaceGeometry.Segment(top, Point(top.x, top.y + length)))
    }
  }
  if !ch.missing.isEmpty {
    // A small grey cross in the top right corner: some datum was missing.
    let d = min(bounds.width, bounds.height) * 0.04
    let x = bounds.x + bounds.width - 2 * d, y = bounds.y + d
    g.missingMark = FaceGeometry.MissingMark(
      FaceGeometry.Segment(Point(x, y), Point(x + d, y + d)),
      FaceGeometry.Segment(Point(x + d, y), Point(x, y + d)))
  }
}
