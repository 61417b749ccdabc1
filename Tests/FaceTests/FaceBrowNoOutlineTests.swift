import Face
import Geometry
import Testing

/// A narrow left half beside a short right one (head_width.left 0, head_height.right 0,
/// with brow_width.right 0 and a nose) left no outline over the left eye at the terminal
/// sheet's 100-point face: the brow was placed at infinity, and the face failed "face
/// geometry must be a finite number". Every size draws it now, its brows inside the box.
@Test(arguments: [60.0, 100.0, 120.0, 160.0, 320.0])
func aBrowWithNoOutlineOverItsEyeStaysInTheFace(box: Double) throws {
  var s = try FaceState(happiness: 50, scale: 0.9)
  s.channels[.headWidth, .left] = 0
  s.channels[.headHeight, .right] = 0
  s.channels[.noseLength, .right] = 0.5
  s.channels[.browWidth, .right] = 0
  let bounds = Rect(x: 6, y: 6, width: box, height: box)
  let g = try faceGeometry(state: s, style: FaceStyle(), bounds: bounds)
  let brows = try #require(g.brows)
  for b in brows {
    for p in [b.inner, b.outer] {
      #expect(p.x.isFinite && p.y.isFinite, "\(box): \(p)")
      #expect(p.y >= bounds.y && p.y <= bounds.y + box, "\(box): \(p)")
    }
  }
}
