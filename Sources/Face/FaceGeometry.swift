// Where the face's parts go in a view's bounds (docs/ARCHITECTURE.md, "The face's
// geometry"), and the face drawn into Render's drawing model, as the seed's faceView draws
// into its context.

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

  /// The face as drawing items: the head circle, the eyes (circles, ellipses when half
  /// closed, lines when closed), the mouth and the brows, all stroked with the face's paint.
  public func items() -> [Item] {
    let paint = Paint(stroke: color, lineWidth: lineWidth, fill: nil, opacity: 1)
    var items: [Item] = []
    items.reserveCapacity(brows == nil ? 4 : 6)
    items.append(Item(.circle(center: center, radius: size), paint: paint))
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
    items.append(Item(.cubic(mouthStart, mouthControl1, mouthControl2, mouthEnd), paint: paint))
    for brow in brows ?? [] {
      items.append(Item(.line(brow.inner, brow.outer), paint: paint))
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
  let eyeY = mid.y - style.eyeV * size
  let leftEye = Point(mid.x - style.eyeH * size, eyeY)
  let rightEye = Point(mid.x + style.eyeH * size, eyeY)
  let eyeRadius = style.eyeRadius * size

  let mouthY = mid.y + style.mouthV * size
  let start = Point(mid.x - style.mouthH * size, mouthY)
  let end = Point(mid.x + style.mouthH * size, mouthY)
  let reach = style.mouthH * size * 2 / 3
  let offset = style.mouthSmile * size * state.smile
  let control1 = Point(start.x + reach, mouthY + offset)
  let control2 = Point(end.x - reach, mouthY + offset)

  var eyeOpen = 1.0
  var brows: [Brow]? = nil
  if let expression = state.expression {
    eyeOpen = min(max(expression.eyes, 0), 1)
    if let tilt = expression.brows.map({ min(max($0, -1), 1) }) {
      // Each brow sits above its eye, 1.5 eye radii either side of the eye's centre.
      // Furrowed (-1) draws the inner ends down towards the nose; 0 is level; relaxed (1)
      // stays level and rests a little higher. Inner ends raised above the outer ones
      // would read as worried, which no value means.
      let half = eyeRadius * 1.5
      let furrow = max(-tilt, 0) * eyeRadius * 0.6
      let baseY = eyeY - eyeRadius * 2.2 - max(tilt, 0) * eyeRadius * 0.3
      brows = [
        Brow(
          inner: Point(leftEye.x + half, baseY + furrow),
          outer: Point(leftEye.x - half, baseY - furrow)),
        Brow(
          inner: Point(rightEye.x - half, baseY + furrow),
          outer: Point(rightEye.x + half, baseY - furrow)),
      ]
    }
  }
  let geometry = FaceGeometry(
    center: mid, size: size, leftEye: leftEye, rightEye: rightEye, eyeRadius: eyeRadius,
    eyeOpen: eyeOpen, mouthStart: start, mouthControl1: control1, mouthControl2: control2,
    mouthEnd: end, brows: brows, lineWidth: style.lineWidth, color: style.color)
  for value in [size, leftEye.x, rightEye.x, eyeY, start.x, end.x, mouthY, control1.y]
  where !value.isFinite {
    throw FaceError.nonFinite("face geometry")  // overflow of huge but finite inputs
  }
  return geometry
}
