// The face's data channels (README, "Faces with many channels"): visual parameters a data row can
// drive, each in a documented range, absent unless given, and each given for both halves of
// the face or for one (Flury and Riedwyl's asymmetric faces). An absent channel draws the seed's
// face exactly; parts the seed lacks (nose, ears, hair, pupils) appear only when given.

import Render

/// One visual parameter of the face, with its range and the value the seed's face has.
///
/// Every channel runs 0…1 but `smile` (−1…1). Chernoff's 18 (1973) are, in his order:
/// `head_width`, `head_split`, `head_height`, `forehead_width`, `jaw_width`, `nose_length`,
/// `mouth_height`, `smile`, `mouth_width`, `eye_height`, `eye_spacing`, `eye_slant`,
/// `eye_eccentricity`, `eye_size`, `pupil`, `brow_height`, `brow_slant`, `brow_width`; the
/// rest (`eye_opening`, `mouth_opening`, `nose_width`, `ear_size`, `hair`, `face_color`) are
/// the project's own. Where each one draws is the README's channel table.
public enum Channel: Int, CaseIterable, Sendable {
  /// The head's half width at the split, 0.6 s … s (s: the head's radius).
  case headWidth
  /// The head's half height, 0.6 s … s.
  case headHeight
  /// Where the outline's upper and lower halves meet (the ears' level): 0.3 of the half
  /// height below the centre (0) … above it (1).
  case headSplit
  /// How full the upper half of the outline is: pointed (0) … elliptic (0.5) … square (1).
  case foreheadWidth
  /// How full the lower half of the outline is: a pointed chin (0) … square jaw (1).
  case jawWidth
  /// The eyes' radius (half length), 0.04 s … 0.16 s.
  case eyeSize
  /// Each eye's distance from the centre line, 0.2 … 0.5 of the half width.
  case eyeSpacing
  /// The eyes' height above the centre, 0.15 … 0.55 of the half height.
  case eyeHeight
  /// The eyes' slant: outer corners 30° down (0) … level (0.5) … 30° up (1).
  case eyeSlant
  /// The eyes' flatness: round (0) … 0.4 as tall as wide (1).
  case eyeEccentricity
  /// Pupils looking left (0), ahead (0.5), right (1).
  case pupil
  /// Eyes closed (0, a line) … open (1).
  case eyeOpening
  /// Brows 1.4 … 3 eye radii above the eyes' centres.
  case browHeight
  /// Brows' inner ends up (0), level (0.5), down (1).
  case browSlant
  /// Brows' half length, 0.8 … 2.2 eye radii.
  case browWidth
  /// The mouth's half width, 0.2 … 0.7 of the head's half width.
  case mouthWidth
  /// The mouth's ends 0.55 (0) … 0.25 (1) of the half height below the centre.
  case mouthHeight
  /// The mouth's curve, −1 (frown) … 1 (smile).
  case smile
  /// A lower lip 0 … 0.3 s below the mouth.
  case mouthOpening
  /// A triangle nose 0.1 s … 0.4 s long.
  case noseLength
  /// The nose's base, 0.08 s … 0.4 s wide.
  case noseWidth
  /// Ears 0.12 s … 0.4 s tall at the split.
  case earSize
  /// A fringe of 9 strands, 0 … 0.2 s long.
  case hair
  /// The head's fill through `FacePalette`.
  case faceColor

  /// The name Lua spells it with (`head_width`, …).
  public var name: String { Channel.names[rawValue] }

  private static let names = [
    "head_width", "head_height", "head_split", "forehead_width", "jaw_width", "eye_size",
    "eye_spacing", "eye_height", "eye_slant", "eye_eccentricity", "pupil", "eye_opening",
    "brow_height", "brow_slant", "brow_width", "mouth_width", "mouth_height", "smile",
    "mouth_opening", "nose_length", "nose_width", "ear_size", "hair", "face_color",
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

/// A half of the face, as the viewer sees it: `left` is the half with the smaller x.
public enum Side: Int, CaseIterable, Sendable {
  /// The viewer's left half.
  case left
  /// The viewer's right half.
  case right

  /// The name Lua spells it with.
  public var name: String { self == .left ? "left" : "right" }

  /// The side Lua calls `name`, if any.
  public init?(name: String) {
    switch name {
    case "left": self = .left
    case "right": self = .right
    default: return nil
    }
  }

  /// −1 on the left, 1 on the right: which way x grows from the centre line outwards.
  public var sign: Double { self == .left ? -1 : 1 }
}

/// The channels one face is drawn with: each a number in its channel's range for each half of
/// the face, or absent.
public struct Channels: Equatable, Sendable {
  /// The left half's values, then the right half's; empty while nothing is given.
  private var values: [Double?]
  /// Channels whose datum was missing (drawn at their neutral value and marked).
  public var missing: [Channel] = []
  /// The data's columns that had no value for them, in channel order (the mark's words).
  public var missingColumns: [String] = []
  /// The colours `face_color` runs through (nil: `FacePalette`'s pale ramp).
  public var palette: FillPalette?

  /// No channel given: the seed's face.
  public init() { values = [] }

  /// Whether no channel is given and nothing is missing.
  public var isEmpty: Bool { values.isEmpty && missing.isEmpty }

  /// The value of `channel`: the mean of the halves' values when both are given and differ,
  /// the one given, or nil. Setting it sets both halves.
  public subscript(_ channel: Channel) -> Double? {
    get {
      switch (self[channel, .left], self[channel, .right]) {
      case (let l?, let r?): return l == r ? l : (l + r) / 2
      case (let l?, nil): return l
      case (nil, let r): return r
      }
    }
    set {
      self[channel, .left] = newValue
      self[channel, .right] = newValue
    }
  }

  /// The value of `channel` on one half, nil when not given. Setting one outside its range
  /// clamps it (NaN counts as neutral): the mapping checks ranges before, this keeps the
  /// geometry sane.
  public subscript(_ channel: Channel, _ side: Side) -> Double? {
    get {
      let i = Channels.index(channel, side)
      return i < values.count ? values[i] : nil
    }
    set {
      if values.isEmpty {
        values = Array(repeating: nil, count: 2 * Channel.allCases.count)
      }
      values[Channels.index(channel, side)] = newValue.map { v in
        v.isNaN ? channel.neutral : min(max(v, channel.lowest), 1)
      }
    }
  }

  /// Whether `channel` is given on either half.
  public func has(_ channel: Channel) -> Bool {
    self[channel, .left] != nil || self[channel, .right] != nil
  }

  private static func index(_ channel: Channel, _ side: Side) -> Int {
    side.rawValue * Channel.allCases.count + channel.rawValue
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
    return mix(colors[i], colors[i + 1], x - Double(i))
  }

  /// `a` mixed with `b`, `f` (0…1) of the way to `b`, each sRGB component linearly.
  public static func mix(_ a: Color, _ b: Color, _ f: Double) -> Color {
    func mix(_ p: UInt8, _ q: UInt8) -> UInt8 {
      UInt8((Double(p) + (Double(q) - Double(p)) * f).rounded())
    }
    return Color(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b))
  }
}
