// The face's data channels (README, "Faces with many channels"): visual parameters a data row can
// drive, each in a documented range, absent unless given. An absent channel draws the seed's face
// exactly; parts the seed lacks (nose, ears, hair, pupils) appear only when given.

import Render

/// One visual parameter of the face, with its range and the value the seed's face has.
public enum Channel: Int, CaseIterable, Sendable {
  case headWidth, headHeight, eyeSize, eyeSpacing, eyeHeight, pupil, eyeOpening
  case browHeight, browSlant, mouthWidth, smile, mouthOpening, noseLength, noseWidth
  case earSize, hair, faceColor

  /// The name Lua spells it with (`head_width`, …).
  public var name: String { Channel.names[rawValue] }

  private static let names = [
    "head_width", "head_height", "eye_size", "eye_spacing", "eye_height", "pupil",
    "eye_opening", "brow_height", "brow_slant", "mouth_width", "smile", "mouth_opening",
    "nose_length", "nose_width", "ear_size", "hair", "face_color",
  ]

  /// The channel Lua calls `name`, if any.
  public init?(name: String) {
    guard let i = Channel.names.firstIndex(of: name) else { return nil }
    self.init(rawValue: i)
  }

  /// Every channel's Lua name, in order.
  public static var allNames: [String] { names }

  /// The lowest value: −1 for the smile (a frown, as happiness 0), 0 for the rest.
  public var lowest: Double { self == .smile ? -1 : 0 }

  /// The value a missing datum is drawn with: the middle of the range.
  public var neutral: Double { self == .smile ? 0 : 0.5 }
}

/// The channels one face is drawn with: each a number in its channel's range, or absent.
public struct Channels: Equatable, Sendable {
  private var values: [Double?]
  /// Channels whose datum was missing (drawn at their neutral value and marked).
  public var missing: [Channel] = []

  /// No channel given: the seed's face.
  public init() { values = [] }

  /// Whether no channel is given and nothing is missing.
  public var isEmpty: Bool { values.isEmpty && missing.isEmpty }

  /// The value of `channel`, nil when not given. Setting one outside its range clamps it
  /// (NaN counts as neutral): the mapping checks ranges before, this keeps geometry sane.
  public subscript(_ channel: Channel) -> Double? {
    get { channel.rawValue < values.count ? values[channel.rawValue] : nil }
    set {
      if values.isEmpty { values = Array(repeating: nil, count: Channel.allCases.count) }
      values[channel.rawValue] = newValue.map { v in
        v.isNaN ? channel.neutral : min(max(v, channel.lowest), 1)
      }
    }
  }
}

/// The face colours `face_color` runs through, 0 to 1 (light tints, so strokes stay clear).
public enum FacePalette {
  /// Pale blue, pale green, pale yellow, pale orange, pale red.
  public static let colors = [
    Color(r: 0xdd, g: 0xee, b: 0xff), Color(r: 0xdd, g: 0xf5, b: 0xdd),
    Color(r: 0xff, g: 0xf5, b: 0xcc), Color(r: 0xff, g: 0xe0, b: 0xbb),
    Color(r: 0xff, g: 0xcc, b: 0xcc),
  ]

  /// The colour at `t` (0…1), mixed linearly between neighbouring colours.
  public static func color(at t: Double) -> Color {
    let x = min(max(t, 0), 1) * Double(colors.count - 1)
    let i = min(Int(x), colors.count - 2)
    let f = x - Double(i)
    let a = colors[i], b = colors[i + 1]
    func mix(_ p: UInt8, _ q: UInt8) -> UInt8 {
      UInt8((Double(p) + (Double(q) - Double(p)) * f).rounded())
    }
    return Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b))
  }
}
