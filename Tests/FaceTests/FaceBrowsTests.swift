// The brows as a person sees them, against the README's words: -1 furrowed (inner ends
// drawn down towards the nose), 0 level, 1 relaxed (level and untroubled: inner ends not
// raised, which reads as worried). Rendered by rsvg-convert and measured in pixels.

import Face
import Geometry
import Render
import TestSupport
import Testing

/// One brow as drawn: the height (y, down) of its inner and outer ends, and of its middle.
struct DrawnBrow {
  var inner: Double
  var outer: Double
  var middle: Double
}

/// The two brows of a seed face (320×480, the eyes at (109.6, 189.6) and (210.4, 189.6),
/// radius 14.4) with `brows`, found as the blue pixels in the band above each eye.
func drawnBrows(_ brows: Double) throws -> [DrawnBrow] {
  func image(_ brows: Double?) throws -> Pixels {
    var state = try FaceState(happiness: 50)
    state.expression = Expression(brows: brows)
    let g = try faceGeometry(
      state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
    return try rasterize(SVGRenderer.render(g.drawing(width: 320, height: 480)))
  }
  // The brows are what the face with them has and the face without them lacks (the head's
  // ring runs close above the outer ends).
  let with = try image(brows), without = try image(nil)
  func blue(_ p: (r: Int, g: Int, b: Int)?) -> Bool {
    guard let p else { return false }
    return p.b > 200 && p.r < 140 && p.g < 140
  }
  var result: [DrawnBrow] = []
  // By hand: eyes 50.4 either side of x = 160 at y = 189.6, radius 14.4; the eye's ring
  // reaches up to y ≈ 172.7 with its stroke, so the band above it stops at y = 171.
  for (eyeX, innerIsRight) in [(109.6, true), (210.4, false)] {
    var columns: [Int: [Int]] = [:]
    for y in 110...171 {
      for x in Int(eyeX - 30)...Int(eyeX + 30)
      where blue(with.at(x, y)) && !blue(without.at(x, y)) {
        columns[x, default: []].append(y)
      }
    }
    let xs = columns.keys.sorted()
    guard let first = xs.first, let last = xs.last, last - first > 20 else {
      Issue.record("no brow above the eye at x \(eyeX) for brows = \(brows)")
      return []
    }
    // Heights a few pixels inside each end (past the round caps), and at the middle.
    func height(_ x: Int) -> Double {
      let ys = columns[x] ?? []
      return ys.isEmpty ? .nan : Double(ys.reduce(0, +)) / Double(ys.count)
    }
    let left = height(first + 4), right = height(last - 4)
    result.append(
      DrawnBrow(
        inner: innerIsRight ? right : left, outer: innerIsRight ? left : right,
        middle: height((first + last) / 2)))
  }
  return result
}

@Test func furrowedBrowsDrawTheirInnerEndsDown() throws {
  let brows = try drawnBrows(-1)
  #expect(brows.count == 2)
  for b in brows { #expect(b.inner > b.outer + 8, "inner end lower: \(b)") }
}

@Test func neutralBrowsAreLevel() throws {
  let brows = try drawnBrows(0)
  #expect(brows.count == 2)
  for b in brows { #expect(abs(b.inner - b.outer) <= 1.5, "level: \(b)") }
}

/// Relaxed is not worried: the inner ends are not raised above the outer ones, and the
/// brows sit no lower than neutral ones (a furrow pulls them down; calm lets them rest up).
@Test func relaxedBrowsDoNotLookWorried() throws {
  let relaxed = try drawnBrows(1), neutral = try drawnBrows(0)
  #expect(relaxed.count == 2 && neutral.count == 2)
  for (r, n) in zip(relaxed, neutral) {
    #expect(r.inner >= r.outer - 1.5, "inner end not raised: \(r)")
    #expect(r.middle < n.middle - 3, "above the neutral brow: \(r) vs \(n)")
  }
  // Between furrowed and relaxed the inner end only rises: the scale reads one way.
  let half = try drawnBrows(-0.5)
  for (h, n) in zip(half, neutral) { #expect(h.inner > n.inner + 2) }
}
