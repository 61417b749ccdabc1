// The extremes as a person sees them (issue 26's cases: mtcars' Ford Pantera L, Ferrari Dino
// and Maserati Bora, whose brows crossed the hair and left the head, whose long noses touched
// their mouths; and faces with every channel at an end): each part rendered alone by
// rsvg-convert, and the pixels compared. No pixel is inked by two parts that must be apart,
// and every feature's pixel lies in the head's inside, found by flooding the outline's image
// from the centre.

import Face
import Geometry
import Render
import TestSupport
import Testing

/// mtcars' columns as examples/cars.lua maps them, each scaled over the whole file's range.
struct Car: Sendable, CustomStringConvertible {
  var name: String
  var mpg, cyl, disp, hp, drat, wt, qsec, vs, am, gear, carb: Double
  var description: String { name }

  /// The channels by hand: (x − min)/(max − min) of examples/mtcars.csv's columns (mpg
  /// 10.4…33.9, cyl 4…8, disp 71.1…472, hp 52…335, drat 2.76…4.93, wt 1.513…5.424, qsec
  /// 14.5…22.9 reversed, vs and am 0…1, gear 3…5, carb 1…8); smile runs −1…1.
  var channels: Channels {
    func unit(_ x: Double, _ lo: Double, _ hi: Double) -> Double { (x - lo) / (hi - lo) }
    var ch = Channels()
    ch[.smile] = -1 + 2 * unit(mpg, 10.4, 33.9)
    ch[.headWidth] = unit(wt, 1.513, 5.424)
    ch[.headHeight] = unit(disp, 71.1, 472)
    ch[.eyeSize] = unit(hp, 52, 335)
    ch[.eyeSpacing] = unit(drat, 2.76, 4.93)
    ch[.eyeHeight] = 1 - unit(qsec, 14.5, 22.9)
    ch[.browSlant] = unit(cyl, 4, 8)
    ch[.faceColor] = unit(cyl, 4, 8)
    ch[.mouthWidth] = unit(gear, 3, 5)
    ch[.noseLength] = unit(carb, 1, 8)
    ch[.earSize] = vs
    ch[.hair] = am
    return ch
  }
}

let troubledCars = [
  Car(
    name: "Ford Pantera L", mpg: 15.8, cyl: 8, disp: 351, hp: 264, drat: 4.22, wt: 3.17,
    qsec: 14.5, vs: 0, am: 1, gear: 5, carb: 4),
  Car(
    name: "Ferrari Dino", mpg: 19.7, cyl: 6, disp: 145, hp: 175, drat: 3.62, wt: 2.77,
    qsec: 15.5, vs: 0, am: 1, gear: 5, carb: 6),
  Car(
    name: "Maserati Bora", mpg: 15, cyl: 8, disp: 301, hp: 335, drat: 3.54, wt: 3.57,
    qsec: 14.6, vs: 0, am: 1, gear: 5, carb: 8),
]

/// The parts that must keep apart, in pixels.
let apartParts: [(FacePart, FacePart)] = [
  (.hair, .brows), (.hair, .eyes), (.hair, .nose), (.brows, .eyes), (.brows, .nose),
  (.nose, .mouth), (.nose, .eyes), (.mouth, .eyes),
]

/// What is wrong with `g` in pixels (empty when nothing is), drawn 320 wide and 300 high.
func pixelProblems(_ g: FaceGeometry) throws -> [String] {
  let (w, h) = (320.0, 300.0)
  func image(_ parts: [FacePart]) throws -> Pixels {
    var items: [Item] = []
    for p in parts { items += g.items(of: p) }
    return try rasterize(SVGRenderer.render(Drawing(width: w, height: h, items: items)))
  }
  func inked(_ p: (r: Int, g: Int, b: Int)?) -> Bool {
    p.map { $0.r < 200 || $0.g < 200 || $0.b < 200 } ?? false
  }
  var images: [FacePart: Pixels] = [:]
  for part in [FacePart.head, .eyes, .brows, .nose, .mouth, .hair] {
    images[part] = try image([part])
  }
  var problems: [String] = []
  let (cols, rows) = (Int(w), Int(h))
  for (a, b) in apartParts {
    var both = 0
    for y in 0..<rows {
      for x in 0..<cols where inked(images[a]!.at(x, y)) && inked(images[b]!.at(x, y)) {
        both += 1
      }
    }
    if both > 0 { problems.append("\(a) and \(b) share \(both) pixels") }
  }
  // The head's inside: the blank pixels reached from the centre without crossing ink.
  let head = images[.head]!
  var inside = [Bool](repeating: false, count: cols * rows)
  var queue = [(Int(g.center.x), Int(g.center.y))]
  inside[queue[0].1 * cols + queue[0].0] = true
  while let (x, y) = queue.popLast() {
    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
      let (nx, ny) = (x + dx, y + dy)
      guard nx >= 0, ny >= 0, nx < cols, ny < rows, !inside[ny * cols + nx],
        !inked(head.at(nx, ny))
      else { continue }
      inside[ny * cols + nx] = true
      queue.append((nx, ny))
    }
  }
  let reached = inside.filter { $0 }.count
  if reached > cols * rows / 2 { problems.append("the outline does not close: \(reached) pixels") }
  for part in [FacePart.eyes, .brows, .nose, .mouth] {
    var out = 0
    for y in 0..<rows {
      for x in 0..<cols where inked(images[part]!.at(x, y)) && !inside[y * cols + x] { out += 1 }
    }
    if out > 0 { problems.append("\(part): \(out) pixels outside the head") }
  }
  return problems
}

/// The face drawn at the sheet's 320×480, the view moved up 90 so the head fills 320×300.
func sheetFace(_ channels: Channels) throws -> FaceGeometry {
  var state = try FaceState(happiness: 50)
  state.channels = channels
  return try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: -90, width: 320, height: 480))
}

@Test(arguments: troubledCars)
func troubledCarsKeepTheirPartsApartInPixels(_ car: Car) throws {
  let g = try sheetFace(car.channels)
  #expect(g.hair.count > 0 && g.brows != nil && g.nose != nil, "all the parts are drawn")
  let problems = try pixelProblems(g)
  #expect(problems.isEmpty, "\(problems)")
}

/// Faces at the ends of every channel: cramped (a short, narrow head with large high eyes,
/// high brows, long hair, nose and a frown), and asymmetric.
@Test(arguments: [0, 1, 2])
func extremeFacesKeepTheirPartsApartInPixels(_ which: Int) throws {
  var ch = Channels()
  switch which {
  case 0:
    for c in Channel.allCases { ch[c] = 1 }
    ch[.headWidth] = 0
    ch[.headHeight] = 0
    ch[.smile] = -1
  case 1:
    for c in Channel.allCases { ch[c] = 1 }
    ch[.headHeight] = 0
    ch[.foreheadWidth] = 0
    ch[.headSplit] = 0
    ch[.mouthHeight] = 1
  default:
    for c in Channel.allCases {
      ch[c, .left] = c.lowest
      ch[c, .right] = 1
    }
    ch[.hair, .left] = 1
    ch[.noseLength] = 1
  }
  let problems = try pixelProblems(try sheetFace(ch))
  #expect(problems.isEmpty, "\(problems)")
}

/// The pixel checks can fail: a brow moved into the eye and a nose into the mouth are seen.
@Test func thePixelChecksSeeTouchingParts() throws {
  var g = try sheetFace(troubledCars[0].channels)
  g.brows![0].inner = g.leftEye
  g.nose = [g.center, Point(g.center.x, g.mouthStart.y + 20)]
  g.eyes[1].center.x += 90  // past the head's right side, still in the picture
  let problems = try pixelProblems(g)
  #expect(problems.contains { $0.contains("brows and eyes") }, "\(problems)")
  #expect(problems.contains { $0.contains("nose and mouth") }, "\(problems)")
  #expect(problems.contains { $0.contains("eyes:") && $0.contains("outside") }, "\(problems)")
}
