// An arc over many turns draws its circle once, as a person expects from `arc(…, 0, 2π·n)`,
// not a zigzag across the disc; checked on pixels rendered by rsvg-convert.

import Foundation
import Testing
import TestSupport

/// Red pixels on the middle row of the face drawn with one red arc of radius 0.8 from 0 to
/// `to` radians.
func redOnTheMiddleRow(arcTo to: String) throws -> Int {
  let dir = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  try writeFile(
    dir + "/a.lua",
    """
    diagnosis "bite" { happiness = 70 }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    feature "ring" { draw = function(face, pen)
      pen:color("red") pen:width(4)
      pen:arc(0, 0, 0.8, 0, \(to))
    end }

    """)
  let r = try psychologist(["show", "a.lua", "bite", "--format", "svg"], in: dir)
  #expect(r.status == 0, "\(r.stderr)")
  let image = try rasterize(r.stdout)
  return (0..<image.width).filter { isReddish(pixel(image, $0, image.height / 2)) }.count
}

@Test func anArcOverManyTurnsDrawsItsCircleOnce() throws {
  let once = try redOnTheMiddleRow(arcTo: "2 * math.pi")
  // The ring crosses the middle row twice, each crossing about as wide as the stroke.
  #expect(once >= 4 && once <= 20, "\(once)")
  for turns in ["100 * 2 * math.pi", "-150 * 2 * math.pi", "999"] {
    let many = try redOnTheMiddleRow(arcTo: turns)
    #expect(abs(many - once) <= 2, "\(turns): \(many) red pixels, one turn has \(once)")
  }
}
