// The face's model: style (proportions, colour), expression, and the state that the
// seed's gestures change (happiness by pan, scale by pinch).

import Render

/// The face's proportions and paint, as fractions of the head's radius (the seed's
/// constants). Lua can override every field.
public struct FaceStyle: Equatable, Sendable {
  /// The default scale of new states: the head's radius over half the smaller side.
  public var scale: Double = 0.90
  /// Stroke width in points.
  public var lineWidth: Double = 5
  /// Stroke colour.
  public var color: Color = .blue
  /// Horizontal distance of each eye from the centre.
  public var eyeH: Double = 0.35
  /// Height of the eyes above the centre.
  public var eyeV: Double = 0.35
  /// Radius of an eye.
  public var eyeRadius: Double = 0.10
  /// Half the mouth's width.
  public var mouthH: Double = 0.45
  /// Depth of the mouth's ends below the centre.
  public var mouthV: Double = 0.40
  /// How far the mouth's control points move for a full smile.
  public var mouthSmile: Double = 0.25

  /// The seed's style.
  public init() {}

  /// The style of the seed app (blue, width 5, its proportions).
  public static let seed = FaceStyle()

  /// The style itself if every number is finite, `scale` and `lineWidth` are above 0
  /// and `eyeRadius` is not negative; otherwise the error naming the first bad field.
  public func validated() throws(FaceError) -> FaceStyle {
    try FaceError.positive(scale, "scale")
    try FaceError.positive(lineWidth, "line_width")
    try FaceError.finite(eyeH, "eye_h")
    try FaceError.finite(eyeV, "eye_v")
    try FaceError.nonNegative(eyeRadius, "eye_radius")
    try FaceError.finite(mouthH, "mouth_h")
    try FaceError.finite(mouthV, "mouth_v")
    try FaceError.finite(mouthSmile, "mouth_smile")
    return self
  }
}

/// A momentary expression laid over the happiness-driven face.
public struct Expression: Equatable, Sendable {
  /// The mouth's curvature from -1 (frown) to 1 (smile); overrides the happiness when set.
  public var mouth: Double?
  /// How open the eyes are: 1 open circles, 0 closed (a horizontal line), between: an
  /// ellipse `eyes` times as tall as wide.
  public var eyes: Double
  /// Eyebrows from -1 (furrowed: inner ends drawn down) through 0 (level) to 1 (relaxed:
  /// level, resting a little higher); drawn only when set.
  public var brows: Double?

  /// Creates an expression; the default changes nothing (open eyes, no brows).
  public init(mouth: Double? = nil, eyes: Double = 1, brows: Double? = nil) {
    self.mouth = mouth
    self.eyes = eyes
    self.brows = brows
  }

  /// Throws unless every number given is finite.
  func validate() throws(FaceError) {
    if let mouth { try FaceError.finite(mouth, "mouth") }
    try FaceError.finite(eyes, "eyes")
    if let brows { try FaceError.finite(brows, "brows") }
  }
}

/// What the seed's happiness view controller and face view keep: happiness (0…100)
/// and scale, changed by pan and pinch gestures.
public struct FaceState: Equatable, Sendable {
  /// Happiness from 0 (unhappy) to 100 (happy), fractions allowed.
  public private(set) var happiness: Double
  /// The head's radius over half the smaller side of the bounds.
  public private(set) var scale: Double
  /// An expression overriding parts of the face, if any.
  public var expression: Expression?
  /// Data channels changing the face's proportions and parts (none: the seed's face).
  public var channels = Channels()

  /// Creates a state; `happiness` is clamped to 0…100. Throws for non-finite numbers or
  /// a scale not above 0.
  public init(happiness: Double = 50, scale: Double = 0.90) throws(FaceError) {
    try FaceError.finite(happiness, "happiness")
    try FaceError.positive(scale, "scale", atMost: FaceState.maxScale)
    self.happiness = FaceState.clampHappiness(happiness)
    self.scale = scale
    self.expression = nil
  }

  /// The largest scale: a head a thousand times the view's size already shows nothing
  /// whole, and larger ones would overflow the geometry.
  public static let maxScale = 1000.0

  static func clampHappiness(_ h: Double) -> Double { min(max(h, 0), 100) }

  /// Sets the happiness, clamped to 0…100; throws for NaN or infinity.
  public mutating func setHappiness(_ h: Double) throws(FaceError) {
    try FaceError.finite(h, "happiness")
    happiness = FaceState.clampHappiness(h)
  }

  /// Sets the scale; throws unless it is finite, above 0 and at most `maxScale`.
  public mutating func setScale(_ s: Double) throws(FaceError) {
    try FaceError.positive(s, "scale", atMost: FaceState.maxScale)
    scale = s
  }

  /// A pinch: multiplies the scale by `factor` (finite, above 0; the result must stay
  /// finite and above 0).
  public mutating func pinch(_ factor: Double) throws(FaceError) {
    try FaceError.positive(factor, "pinch factor")
    let result = scale * factor
    // Checked before finiteness: a product that overflows is too large, not "not finite".
    if result > FaceState.maxScale { throw .tooLarge("scale", result, limit: FaceState.maxScale) }
    try FaceError.positive(result, "scale")
    scale = result
  }

  /// A vertical pan by `dy` points: happiness −= dy/2, clamped (dragging up cheers up).
  public mutating func pan(_ dy: Double) throws(FaceError) {
    try FaceError.finite(dy, "pan")
    happiness = FaceState.clampHappiness(happiness - dy / 2)
  }

  /// The mouth's curvature, -1…1: the expression's `mouth` when set, else
  /// (happiness − 50)/50; clamped either way (NaN counts as 0).
  public var smile: Double {
    let raw = channels[.smile] ?? expression?.mouth ?? (happiness - 50) / 50
    if raw.isNaN { return 0 }
    return min(max(raw, -1), 1)
  }
}
