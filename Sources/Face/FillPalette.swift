// A data mapping's own colours for `face_color` (a named palette or a list of colours),
// in place of the default pale ramp (`FacePalette`).

import Render

/// The colours `face_color` runs through for one mapping: mixed between neighbours, or one
/// colour a step (a qualitative palette, or one colour a level of a text column).
public struct FillPalette: Equatable, Sendable {
  /// The colours from the channel's 0 to its 1.
  public var colors: [Color]
  /// Each colour holds a step of equal width instead of blending into the next.
  public var stepped: Bool

  /// A palette of `colors` (at least one).
  public init(colors: [Color], stepped: Bool) {
    self.colors = colors.isEmpty ? [.white] : colors
    self.stepped = stepped
  }

  /// The colour at `t` (0…1). Stepped: colour ⌊t·n⌋ of n (the last at 1), so level i of n,
  /// at i/(n−1), draws colour i. Else mixed component by component in sRGB between the
  /// two neighbouring stops, as `FacePalette` mixes its own.
  public func color(at t: Double) -> Color {
    let t = t.isNaN ? 0.5 : min(max(t, 0), 1)
    let n = colors.count
    if stepped || n == 1 { return colors[min(Int(t * Double(n)), n - 1)] }
    let x = t * Double(n - 1)
    let i = min(Int(x), n - 2)
    return FacePalette.mix(colors[i], colors[i + 1], x - Double(i))
  }
}

extension FillPalette: CustomStringConvertible {
  /// Whether it steps, and its colours in hex: what the description of a face that holds it
  /// says. (A prototype tells its states apart by such descriptions, and reflecting a
  /// palette of 10⁶ colours colour by colour took seconds a state.)
  public var description: String {
    var out = Array((stepped ? "stepped" : "mixed").utf8)
    out.reserveCapacity(out.count + colors.count * 7)
    let digits = Array("0123456789abcdef".utf8)
    func put(_ v: UInt8) {
      out.append(digits[Int(v >> 4)])
      out.append(digits[Int(v & 15)])
    }
    for c in colors {
      out.append(UInt8(ascii: " "))
      put(c.r)
      put(c.g)
      put(c.b)
    }
    return String(decoding: out, as: UTF8.self)
  }
}
