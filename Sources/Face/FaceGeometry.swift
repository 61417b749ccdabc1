// The face's parts in points (docs/ARCHITECTURE.md, "The face's geometry"): one plain struct of
// points and radii that `faceLayout` computes in one place and every renderer draws through
// `items()`. Parts come in pairs ordered left (the viewer's, smaller x) then right, so an
// asymmetric face is the same struct with the halves' numbers apart.

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

/// One eye: an ellipse `radius` wide either side of its centre, `radius × aspect × open` tall,
/// turned by `angle`.
public struct Eye: Equatable, Sendable {
  /// The eye's centre.
  public var center: Point
  /// Half the eye's width (its radius when round).
  public var radius: Double
  /// Its height over its width when open: 1 round, less for a flatter eye.
  public var aspect: Double
  /// How open it is, 0 (closed: a line) to 1 (open).
  public var open: Double
  /// Its turn in radians, clockwise on the screen (y grows downwards).
  public var angle: Double

  /// Creates an eye.
  public init(
    center: Point, radius: Double, aspect: Double = 1, open: Double = 1, angle: Double = 0
  ) {
    (self.center, self.radius, self.aspect, self.open, self.angle) =
      (center, radius, aspect, open, angle)
  }

  /// The vertical radius before the turn.
  public var height: Double { radius * aspect * min(max(open, 0), 1) }

  /// Half the width and half the height of the box around the turned eye.
  public var extent: (x: Double, y: Double) {
    if angle == 0 { return (radius, height) }
    let c = cos(angle), s = sin(angle)
    let rx = radius, ry = height
    return (
      ((rx * c) * (rx * c) + (ry * s) * (ry * s)).squareRoot(),
      ((rx * s) * (rx * s) + (ry * c) * (ry * c)).squareRoot()
    )
  }
}

/// A cubic Bézier curve.
public struct Cubic: Equatable, Sendable {
  /// Where it starts.
  public var start: Point
  /// Its first control point.
  public var control1: Point
  /// Its second control point.
  public var control2: Point
  /// Where it ends.
  public var end: Point

  /// Creates a curve.
  public init(_ start: Point, _ control1: Point, _ control2: Point, _ end: Point) {
    (self.start, self.control1, self.control2, self.end) = (start, control1, control2, end)
  }

  /// The point at `t` (0 the start, 1 the end).
  public func point(at t: Double) -> Point {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Point(
      a * start.x + b * control1.x + c * control2.x + d * end.x,
      a * start.y + b * control1.y + c * control2.y + d * end.y)
  }
}

/// The face's parts in points: head, eyes, mouth (a cubic), optional brows, and paint.
public struct FaceGeometry: Equatable, Sendable {
  /// The head's centre.
  public var center: Point
  /// The head's radius.
  public var size: Double
  /// The eyes, left then right.
  public var eyes: [Eye]
  /// The mouth's left end.
  public var mouthStart: Point
  /// The mouth's first control point.
  public var mouthControl1: Point
  /// The mouth's second control point.
  public var mouthControl2: Point
  /// The mouth's right end.
  public var mouthEnd: Point
  /// The eyebrows (left, right), when the expression or a channel has them.
  public var brows: [Brow]?
  /// The stroke width.
  public var lineWidth: Double
  /// The stroke colour.
  public var color: Color
  /// The head's horizontal and vertical radii when it is an ellipse about `center` (both
  /// `size` unless a channel changes them).
  public var headRadii = HeadRadii(x: 0, y: 0)
  /// The head's outline when it is not one ellipse: four quarters, left upper, left lower,
  /// right upper, right lower, each from the split point on the side (where the ear hangs)
  /// to the top or the bottom of the centre line. Nil: the ellipse of `headRadii`.
  public var headQuarters: [Cubic]?
  /// The face's fill (`face_color`), if given: the whole head's, or the left half's when
  /// `rightFill` is given.
  public var fill: Color?
  /// The right half's fill, when it differs from the left's.
  public var rightFill: Color?
  /// The pupils (left, right), if given.
  public var pupils: [Disc]?
  /// The lower lip's control points when the mouth is open (`mouth_opening` above 0).
  public var lowerLip: LowerLip?
  /// The nose as a closed outline (`nose_length`, `nose_width`), if given.
  public var nose: [Point]?
  /// The ears (left, right), if given.
  public var ears: [Ear]?
  /// The hair's strands, each a segment (`hair`), if given.
  public var hair: [Segment] = []
  /// A corner mark for a row whose data was missing for some channel.
  public var missingMark: MissingMark?

  /// Creates a face of a head, two eyes and a mouth; the rest is absent until set.
  public init(
    center: Point, size: Double, eyes: [Eye], mouth: Cubic, brows: [Brow]? = nil,
    lineWidth: Double, color: Color
  ) {
    (self.center, self.size, self.eyes, self.brows) = (center, size, eyes, brows)
    (mouthStart, mouthControl1, mouthControl2, mouthEnd) =
      (mouth.start, mouth.control1, mouth.control2, mouth.end)
    (self.lineWidth, self.color) = (lineWidth, color)
    headRadii = HeadRadii(x: size, y: size)
  }

  /// The left eye's centre (smaller x).
  public var leftEye: Point { eyes[0].center }
  /// The right eye's centre.
  public var rightEye: Point { eyes[1].center }
  /// The left eye's radius (the seed's eyes are alike).
  public var eyeRadius: Double { eyes[0].radius }
  /// How open the left eye is, 0 (closed) to 1 (open).
  public var eyeOpen: Double { eyes[0].open }
  /// The mouth's curve.
  public var mouth: Cubic { Cubic(mouthStart, mouthControl1, mouthControl2, mouthEnd) }

  /// The head's radii.
  public struct HeadRadii: Equatable, Sendable {
    /// Horizontal and vertical.
    public var x, y: Double
    /// Creates radii.
    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
  }

  /// A filled circle: a pupil.
  public struct Disc: Equatable, Sendable {
    /// Its centre.
    public var center: Point
    /// Its radius.
    public var radius: Double
    /// Creates a disc.
    public init(center: Point, radius: Double) { (self.center, self.radius) = (center, radius) }
  }

  /// The lower lip's control points.
  public struct LowerLip: Equatable, Sendable {
    /// The control points under the mouth's.
    public var control1, control2: Point
    /// Creates a lower lip.
    public init(control1: Point, control2: Point) {
      (self.control1, self.control2) = (control1, control2)
    }
  }

  /// An ear: an ellipse on the head's side.
  public struct Ear: Equatable, Sendable {
    /// Its centre.
    public var center: Point
    /// Its horizontal and vertical radii.
    public var rx, ry: Double
    /// Creates an ear.
    public init(center: Point, rx: Double, ry: Double) {
      (self.center, self.rx, self.ry) = (center, rx, ry)
    }
  }

  /// A segment: a strand of hair, a stroke of the missing mark.
  public struct Segment: Equatable, Sendable {
    /// Its ends.
    public var start, end: Point
    /// Creates a segment.
    public init(_ start: Point, _ end: Point) { (self.start, self.end) = (start, end) }
  }

  /// The missing mark: a cross of two strokes.
  public struct MissingMark: Equatable, Sendable {
    /// Its strokes.
    public var first, second: Segment
    /// Creates a mark.
    public init(_ first: Segment, _ second: Segment) { (self.first, self.second) = (first, second) }
  }
}
