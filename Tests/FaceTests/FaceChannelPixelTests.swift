// Every data channel as a person sees it: a 300×300 seed face (head radius 135 at
// (150, 150), stroke 5, blue) drawn with one channel at 0 and at 1, rendered by
// rsvg-convert, and looked at where the README's formulas put the part. The positions
// below are worked out by hand from those formulas, not taken from the code.

import Face
import Geometry
import Render
import TestSupport
import Testing

/// The seed face in 300×300 with `channel` at `value` (nil: no channel) and the channels
/// `also` gives, as pixels.
func channelFace(_ channel: Channel?, _ value: Double, also: [(Channel, Double)] = []) throws
  -> Pixels
{
  var state = try FaceState(happiness: 50)
  for (c, v) in also { state.channels[c] = v }
  if let channel { state.channels[channel] = value }
  let g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 300, height: 300))
  return try rasterize(SVGRenderer.render(g.drawing(width: 300, height: 300)))
}

let ink = (0, 0, 255)

/// Where a channel's part is at 0 and at 1: a point inked at that value and not at the other.
struct ChannelProbe: Sendable, CustomStringConvertible {
  var channel: Channel
  var at0: (Double, Double)
  var at1: (Double, Double)
  /// The large part covers the small one's place (a wide mouth spans a narrow one's end).
  var nested = false
  /// Other channels given, the same at both values.
  var also: [(Channel, Double)] = []
  var description: String { channel.name }
}

// By hand (s = 135; eyes at (150 ∓ 47.25, 102.75), radius 13.5; mouth at y 204):
let channelProbes: [ChannelProbe] = [
  // Head radii 0.6 s = 81 and s = 135.
  ChannelProbe(channel: .headWidth, at0: (69, 150), at1: (15, 150)),
  ChannelProbe(channel: .headHeight, at0: (150, 69), at1: (150, 15)),
  // The halves meet (the outline is widest) 0.3 s = 40.5 below or above the centre.
  ChannelProbe(channel: .headSplit, at0: (15, 190.5), at1: (15, 109.5)),
  // The upper left quarter, a cubic from (15, 150) to (150, 15) with controls k × 135 along
  // the tangents, k = 0.2023 (0) or 0.9023 (1): its middle at (660 − 405k)/8 on both axes.
  ChannelProbe(channel: .foreheadWidth, at0: (72.26, 72.26), at1: (36.82, 36.82)),
  // The lower left quarter likewise, from (15, 150) to (150, 285): its middle's y is
  // (1740 + 405k)/8.
  ChannelProbe(channel: .jawWidth, at0: (72.26, 227.74), at1: (36.82, 263.18)),
  // Eye radius 0.04 s = 5.4 and 0.16 s = 21.6: the left eye's leftmost point.
  ChannelProbe(channel: .eyeSize, at0: (97.35, 102.75), at1: (81.15, 102.75)),
  // Eye centres 0.2 s = 27 and 0.5 s = 67.5 from the middle: left eye's leftmost point.
  ChannelProbe(channel: .eyeSpacing, at0: (109.5, 102.75), at1: (69, 102.75)),
  // Eyes 0.15 s = 20.25 and 0.55 s = 74.25 above the middle: the left eye's top.
  ChannelProbe(channel: .eyeHeight, at0: (102.75, 116.25), at1: (102.75, 62.25)),
  // Large flat eyes (radius 21.6, 8.64 tall) turned 30°: the left eye's outer end
  // 21.6 × cos 30° = 18.71 out and 10.8 below (0) or above (1) its centre.
  ChannelProbe(
    channel: .eyeSlant, at0: (84.04, 113.55), at1: (84.04, 91.95),
    also: [(.eyeEccentricity, 1), (.eyeSize, 1)]),
  // Round, or 0.4 as tall (5.4 of 13.5): the left eye's top.
  ChannelProbe(channel: .eyeEccentricity, at0: (102.75, 89.25), at1: (102.75, 97.35)),
  // Pupils of radius 5.4, 8.1 left or right of the eye's centre.
  ChannelProbe(channel: .pupil, at0: (94.65, 102.75), at1: (110.85, 102.75)),
  // Closed: a line through the centre; open: the ring's top.
  ChannelProbe(channel: .eyeOpening, at0: (102.75, 102.75), at1: (102.75, 89.25)),
  // Brows 1.4 and 3.0 eye radii above the eye's centre.
  ChannelProbe(channel: .browHeight, at0: (102.75, 83.85), at1: (102.75, 62.25)),
  // Level at 2.2 radii (y 73.05); the inner end (x 123) 8.1 up at 0, 8.1 down at 1.
  ChannelProbe(channel: .browSlant, at0: (121, 65.7), at1: (121, 80.4)),
  // Level brows 2.2 radii up (y 73.05), 0.8 r = 10.8 or 2.2 r = 29.7 either side of the eye's
  // centre: the wide one's outer end, the narrow one's beside it.
  ChannelProbe(channel: .browWidth, at0: (93, 73.05), at1: (75, 73.05), nested: true),
  // Mouth half widths 0.2 s = 27 and 0.7 s = 94.5: near the left end.
  ChannelProbe(channel: .mouthWidth, at0: (125, 204), at1: (58, 204), nested: true),
  // The mouth's ends 0.55 s = 74.25 or 0.25 s = 33.75 below the centre: the left end.
  ChannelProbe(channel: .mouthHeight, at0: (89.25, 224.25), at1: (89.25, 183.75)),
  // The smile runs −1…1 (tested at −1 and 1): control points 33.75 up or down, the
  // curve's middle 0.75 of that.
  ChannelProbe(channel: .smile, at0: (150, 178.7), at1: (150, 229.3)),
  // 1: a lower lip 0.3 s = 40.5 below, its middle 30.4 under the mouth; 0: no lower lip,
  // the mouth itself.
  ChannelProbe(channel: .mouthOpening, at0: (150, 204), at1: (150, 234.4)),
  // Nose from y 129.75 down 0.1 s = 13.5 or 0.4 s = 54: its base's middle.
  ChannelProbe(channel: .noseLength, at0: (150, 143.25), at1: (150, 183.75), nested: true),
  // Nose 33.75 long, base half width 0.04 s = 5.4 or 0.2 s = 27: the base's left corner.
  ChannelProbe(channel: .noseWidth, at0: (146, 163.5), at1: (125, 163.5), nested: true),
  // Ears of vertical radius 8.1 or 27, half as wide, centred a quarter of that outside the
  // head: the small ear's outer edge, the large ear's top.
  ChannelProbe(channel: .earSize, at0: (8.9, 150), at1: (8.25, 123)),
  // Hair: 9 strands from the head's top, 0 or 0.2 s = 27 long: the middle strand.
  ChannelProbe(channel: .hair, at0: (150, 15), at1: (150, 35)),
]

@Test func everyPlacingChannelHasAProbe() {
  let probed = Set(channelProbes.map(\.channel))
  for c in Channel.allCases where c != .faceColor { #expect(probed.contains(c), "\(c.name)") }
}

@Test(arguments: channelProbes)
func channelDrawsItsPartWhereTheREADMESays(_ probe: ChannelProbe) throws {
  let zero = try channelFace(probe.channel, probe.channel.lowest, also: probe.also),
    one = try channelFace(probe.channel, 1, also: probe.also)
  // Booleans first: an expectation on the images would print every pixel when it fails.
  let inked0 = zero.has(ink, near: probe.at0.0, probe.at0.1)
  let inked1 = one.has(ink, near: probe.at1.0, probe.at1.1)
  let stray0 = zero.has(ink, near: probe.at1.0, probe.at1.1, radius: 1)
  let stray1 = one.has(ink, near: probe.at0.0, probe.at0.1, radius: 1)
  #expect(inked0, "at 0: \(probe.at0)")
  #expect(inked1, "at 1: \(probe.at1)")
  // Each value's place is empty at the other value (but a closed mouth is still there when
  // open, and the hair's roots lie on the head's top).
  if probe.channel != .mouthOpening && probe.channel != .hair {
    #expect(!stray0, "at 0, not \(probe.at1)")
    if !probe.nested { #expect(!stray1, "at 1, not \(probe.at0)") }
  }
}

@Test func faceColorFillsTheHeadFromThePalette() throws {
  // The palette's ends as the README gives them: pale blue #ddeeff, pale red #ffcccc.
  let point = (150, 170)  // inside the head, on no part
  let zero = try channelFace(.faceColor, 0).at(point.0, point.1)
  let one = try channelFace(.faceColor, 1).at(point.0, point.1)
  let none = try channelFace(nil, 0).at(point.0, point.1)
  #expect(zero.map { $0 == (0xdd, 0xee, 0xff) } == true, "\(String(describing: zero))")
  #expect(one.map { $0 == (0xff, 0xcc, 0xcc) } == true, "\(String(describing: one))")
  #expect(none.map { $0 == (255, 255, 255) } == true)
  // Outside the head, still white.
  #expect(try channelFace(.faceColor, 1).at(5, 5).map { $0 == (255, 255, 255) } == true)
}

@Test func noChannelIsTheSeedsFace() throws {
  let seed = try channelFace(nil, 0)
  var state = try FaceState(happiness: 50)
  state.channels = Channels()
  let g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 300, height: 300))
  #expect(g.items().count == 4)  // head, two eyes, mouth: nothing added
  let ok = seed.has(ink, near: 15, 150) && !seed.has(ink, near: 150, 45)
  #expect(ok)
}

@Test func channelsShowInTheTerminalToo() throws {
  func lines(_ channel: Channel?, _ v: Double) throws -> [String] {
    var state = try FaceState(happiness: 50)
    if let channel { state.channels[channel] = v }
    let d = try faceGeometry(
      state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480)
    ).drawing(width: 320, height: 480)
    return TerminalRenderer.lines(d, columns: 64, rows: 24, colors: .none, ascii: false)
  }
  let seed = try lines(nil, 0)
  for channel in Channel.allCases where channel != .faceColor {
    let low = try lines(channel, 0), high = try lines(channel, 1)
    #expect(low != high, "\(channel.name) looks the same at 0 and 1 in the terminal")
  }
  #expect(try lines(.headWidth, 1) == seed)
}

@Test func aMissingDatumIsMarkedInTheCorner() throws {
  var state = try FaceState(happiness: 50)
  state.channels[.smile] = 0
  state.channels.missing = [.smile]
  let g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 300, height: 300))
  let p = try rasterize(SVGRenderer.render(g.drawing(width: 300, height: 300)))
  // A grey cross 12 wide, 12 from the top and 24 from the right edge: its centre.
  let marked = p.has((128, 128, 128), near: 282, 18)
  let unmarked = try channelFace(.smile, 0).has((128, 128, 128), near: 282, 18)
  #expect(marked && !unmarked)
}

@Test func featuresStayInsideANarrowShortHead() throws {
  // head_width = head_height = 0: radii 81; the mouth's half width 0.45 × 81 = 36.45 and its
  // depth 0.4 × 81 = 32.4 below the centre; the eyes 0.35 × 81 = 28.35 either side and above.
  var state = try FaceState(happiness: 50)
  state.channels[.headWidth] = 0
  state.channels[.headHeight] = 0
  let g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 300, height: 300))
  let p = try rasterize(SVGRenderer.render(g.drawing(width: 300, height: 300)))
  let mouthEnd = p.has(ink, near: 115, 182.4), pastIt = p.has(ink, near: 106, 182.4, radius: 1)
  let eyeLeftEdge = p.has(ink, near: 108.15, 121.65)
  #expect(mouthEnd && !pastIt && eyeLeftEdge)
}

@Test func pupilsAddDotsInTheTerminal() throws {
  // A filled shape alone clears the terminal's dots: pupils must draw some of their own.
  func dots(_ pupil: Double?) throws -> Int {
    var state = try FaceState(happiness: 50)
    state.channels[.pupil] = pupil
    let d = try faceGeometry(
      state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480)
    ).drawing(width: 320, height: 480)
    let text = TerminalRenderer.render(d, columns: 64, rows: 24, colors: .none, ascii: false)
    return text.unicodeScalars.reduce(0) { n, u in
      (0x2800...0x28FF).contains(u.value) ? n + (u.value - 0x2800).nonzeroBitCount : n
    }
  }
  let seed = try dots(nil)
  for p in [0.0, 0.5, 1.0] { #expect(try dots(p) > seed + 4, "pupil \(p)") }
}

/// Each half drawn from its own values (Flury and Riedwyl's asymmetric faces): the left half
/// narrow (0.6 s = 81), small-eyed (radius 5.4) and its mouth's end low (0.55 s below); the
/// right half wide (s = 135), large-eyed (21.6) and its mouth's end high (0.25 s below).
@Test func eachHalfDrawsItsOwnValues() throws {
  var state = try FaceState(happiness: 50)
  for (c, left, right) in [
    (Channel.headWidth, 0.0, 1.0), (.eyeSize, 0, 1), (.mouthHeight, 0, 1),
  ] {
    state.channels[c, .left] = left
    state.channels[c, .right] = right
  }
  let g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 300, height: 300))
  let p = try rasterize(SVGRenderer.render(g.drawing(width: 300, height: 300)))
  // The sides at the split, where the halves meet: 150 − 81 and 150 + 135.
  let sides = p.has(ink, near: 69, 150) && p.has(ink, near: 285, 150)
  let notMirrored = !p.has(ink, near: 15, 150, radius: 1) && !p.has(ink, near: 231, 150, radius: 1)
  // The eyes: 0.35 of each half width from the centre (28.35 and 47.25), at y 102.75.
  let eyes = p.has(ink, near: 150 - 28.35 - 5.4, 102.75) && p.has(ink, near: 197.25 + 21.6, 102.75)
  // The mouth's ends 0.45 of each half width out: (113.55, 224.25) and (210.75, 183.75).
  let mouth = p.has(ink, near: 113.55, 224.25) && p.has(ink, near: 210.75, 183.75)
  #expect(sides && notMirrored && eyes && mouth, "\(sides) \(notMirrored) \(eyes) \(mouth)")
}
