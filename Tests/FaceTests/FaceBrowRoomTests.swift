// Brows on faces whose channels put the eyes high and large and the brows high: drawn in
// a view and measured in pixels, they stay inside it (not cut at its top edge) and above
// the eyes. The places are worked out by hand from the README's channel table.

import Face
import Geometry
import Render
import TestSupport
import Testing

/// Eyes as high and as large as channels make them; brows at both ends of their height and
/// slant; a short and a round head.
let browCases: [(browHeight: Double, browSlant: Double, headHeight: Double)] = [
  (1, 0, 1), (1, 1, 1), (1, 0.5, 1), (0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 1, 0), (0, 1, 0),
]

@Test(arguments: browCases, [(200.0, 200.0), (300.0, 200.0), (200.0, 300.0)])
func browsStayInTheViewAndAboveTheEyes(
  _ c: (browHeight: Double, browSlant: Double, headHeight: Double), _ view: (Double, Double)
) throws {
  let (width, height) = view
  var state = try FaceState(happiness: 50)
  state.channels[.eyeHeight] = 1
  state.channels[.eyeSize] = 1
  state.channels[.headHeight] = c.headHeight
  state.channels[.browHeight] = c.browHeight
  state.channels[.browSlant] = c.browSlant
  let g = try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: width, height: height))
  // The brows are what the face has that the same face without them lacks.
  var bare = g
  bare.brows = nil
  let with = try rasterize(SVGRenderer.render(g.drawing(width: width, height: height)))
  let without = try rasterize(SVGRenderer.render(bare.drawing(width: width, height: height)))
  func ink(_ p: (r: Int, g: Int, b: Int)?) -> Bool { p.map { $0.r < 200 || $0.g < 200 } ?? false }
  // By hand: s = min(w, h)/2 × 0.9; eyes 0.55 s × (0.6 + 0.4 head_height) above the centre,
  // 0.35 s either side, radius 0.16 s; their rings reach half a stroke (2.5) further.
  let s = min(width, height) / 2 * 0.9
  var eyes = [width / 2 - 0.35 * s, width / 2 + 0.35 * s].map { x in
    (x: x, y: height / 2 - 0.55 * s * (0.6 + 0.4 * c.headHeight), r: 0.16 * s)
  }
  if c.headHeight == 1 {
    // A round head has room for these eyes and brows: the eyes are where the table says.
    for (e, hand) in zip(g.eyes, eyes) {
      #expect(abs(e.center.x - hand.x) < 1e-9 && abs(e.center.y - hand.y) < 1e-9)
      #expect(abs(e.radius - hand.r) < 1e-9)
    }
  } else {
    // A short head has not: the eyes yield (shrink, move down) to leave the brows room, so
    // the brows are measured against the eyes as drawn, whose rings' tops are inked there.
    eyes = g.eyes.map { (x: $0.center.x, y: $0.center.y, r: $0.radius) }
    for e in eyes {
      #expect(with.has((0, 0, 255), near: e.x, e.y - e.r, radius: 2), "eye top at \(e)")
      #expect(e.r < 0.16 * s, "the eye yields")
    }
  }
  var browPixels = 0
  var highest = Int.max
  var lowestOverEye = [Int.min, Int.min]
  for y in 0..<Int(height) {
    for x in 0..<Int(width) where ink(with.at(x, y)) && !ink(without.at(x, y)) {
      browPixels += 1
      highest = min(highest, y)
      for (i, e) in eyes.enumerated() where abs(Double(x) + 0.5 - e.x) < e.r {
        lowestOverEye[i] = max(lowestOverEye[i], y)
      }
    }
  }
  #expect(browPixels > 40, "brows drawn: \(browPixels) pixels")
  // Cut at the top edge, a brow's pixels would reach row 0.
  #expect(highest >= 1, "highest brow pixel at row \(highest)")
  for (lowest, e) in zip(lowestOverEye, eyes) {
    let eyeTop = e.y - e.r - 2.5
    #expect(
      lowest > Int.min && Double(lowest) < eyeTop, "brow at row \(lowest), eye from \(eyeTop)")
  }
}

/// A short head with high brows (mtcars' Maserati Bora and Ford Pantera L): the brows stay
/// inside the head's outline, an ellipse worked out by hand, instead of floating over it.
@Test(arguments: [0.0, 0.2, 0.4], [0.5, 0.8])
func browsStayInsideAShortHead(headHeight: Double, eyeSize: Double) throws {
  let (width, height) = (200.0, 300.0)
  func image(brows: Bool) throws -> Pixels {
    var state = try FaceState(happiness: 50)
    state.channels[.eyeHeight] = 0.5
    state.channels[.eyeSize] = eyeSize
    state.channels[.headHeight] = headHeight
    if brows { state.channels[.browHeight] = 1 }
    let g = try faceGeometry(
      state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: width, height: height))
    return try rasterize(SVGRenderer.render(g.drawing(width: width, height: height)))
  }
  let with = try image(brows: true), without = try image(brows: false)
  func ink(_ p: (r: Int, g: Int, b: Int)?) -> Bool { p.map { $0.r < 200 || $0.g < 200 } ?? false }
  // By hand: s = min(w, h)/2 × 0.9; the head's radii s across and s × (0.6 + 0.4 × height)
  // down, about the view's centre.
  let s = min(width, height) / 2 * 0.9
  let (a, b) = (s, s * (0.6 + 0.4 * headHeight))
  var browPixels = 0, outside = 0
  for y in 0..<Int(height) {
    for x in 0..<Int(width) where ink(with.at(x, y)) && !ink(without.at(x, y)) {
      browPixels += 1
      let dx = (Double(x) + 0.5 - width / 2) / a, dy = (Double(y) + 0.5 - height / 2) / b
      if dx * dx + dy * dy > 1 { outside += 1 }
    }
  }
  #expect(browPixels > 40, "brows drawn: \(browPixels) pixels")
  #expect(outside == 0, "\(outside) of \(browPixels) brow pixels outside the head")
}
