// Every combination of extremes keeps the features apart and inside the head, in pixels
// (issue 26: brows crossed the hair and left the head, the fringe crossed the eyes, a long
// nose touched the mouth). Every pair of channels at each pair of their ends, on both halves
// and then one on each half, and faces with every channel at an end: each feature drawn
// alone on a sheet of all the faces at the contact sheet's scale (a face 160 pixels wide),
// without antialiasing, by librsvg through the program's own raster path; the masks are
// then compared pixel by pixel, face by face.

import Face
import Geometry
import Raster
import Render
import Testing

/// The features told apart on the sheets, a bit each.
private let sweepParts: [(name: String, parts: [FacePart])] = [
  ("head", [.head]), ("eyes", [.eyes, .pupils]), ("brows", [.brows]), ("nose", [.nose]),
  ("mouth", [.mouth]), ("hair", [.hair]),
]
private let head: UInt8 = 1, eyes: UInt8 = 2, brows: UInt8 = 4, nose: UInt8 = 8
private let mouth: UInt8 = 16, hair: UInt8 = 32

/// The features that must keep a pixel of blank between them.
private let apart: [(UInt8, UInt8, String)] = [
  (hair, brows, "hair and brows"), (hair, eyes, "hair and eyes"), (hair, nose, "hair and nose"),
  (brows, eyes, "brows and eyes"), (brows, nose, "brows and nose"),
  (brows, mouth, "brows and mouth"), (nose, mouth, "nose and mouth"), (nose, eyes, "nose and eyes"),
  (mouth, eyes, "mouth and eyes"),
]

/// A face of the sweep: what it is and its geometry at the sheet's 320×480, the view moved
/// up 90 so the head fills 320×300 (as `sheetFace`).
struct SweepFace {
  var name: String
  var channels = Channels()
  var geometry: FaceGeometry
}

/// The sweep's faces: every pair of channels that place a part at each of the four pairs of
/// their ends, both halves given; the same with the first channel on the left half only and
/// the second on the right half only; and `random` faces with every channel at an end on
/// each half.
func sweepFaces(random count: Int) throws -> [SweepFace] {
  func ends(_ c: Channel) -> [Double] { [c.lowest, 1] }
  var faces: [SweepFace] = []
  for (i, a) in placing.enumerated() {
    for b in placing[(i + 1)...] {
      for x in ends(a) {
        for y in ends(b) {
          var both = Channels()
          both[a] = x
          both[b] = y
          faces.append(
            SweepFace(
              name: "\(a.name)=\(x) \(b.name)=\(y)", channels: both, geometry: try sheetFace(both)))
          var halves = Channels()
          halves[a, .left] = x
          halves[b, .right] = y
          faces.append(
            SweepFace(
              name: "left \(a.name)=\(x) right \(b.name)=\(y)", channels: halves,
              geometry: try sheetFace(halves)))
        }
      }
    }
  }
  var random = SplitMix(state: 2026)
  for n in 0..<count {
    var ch = Channels()
    var words: [String] = []
    for c in Channel.allCases {
      for side in Side.allCases { ch[c, side] = random.pick(ends(c)) }
      words.append("\(c.name)=\(ch[c, .left]!)/\(ch[c, .right]!)")
    }
    faces.append(
      SweepFace(
        name: "every channel #\(n) [\(words.joined(separator: " "))]", channels: ch,
        geometry: try sheetFace(ch)))
  }
  return faces
}

/// Faces drawn on sheets, a feature a sheet, and read back as one mask of feature bits a
/// pixel.
struct SweepSheet {
  /// A face's box on the sheet, and the scale it is drawn at (the contact sheet's).
  static let (cellWidth, cellHeight, scale) = (164, 154, 0.5)
  let faces: [SweepFace]
  let columns: Int
  var width: Int { columns * SweepSheet.cellWidth }
  var height: Int { (faces.count + columns - 1) / columns * SweepSheet.cellHeight }
  /// The feature bits of each pixel, row after row.
  private(set) var mask: [UInt8] = []

  init(_ faces: [SweepFace]) throws {
    self.faces = faces
    var c = 1
    while c * c < faces.count { c += 1 }
    columns = c
    mask = [UInt8](repeating: 0, count: width * height)
    for (bit, part) in sweepParts.enumerated() {
      let image = try RasterImage(svg: Array(svg(part.parts).utf8))
      #expect(image.width == width && image.height == height)
      let flag = UInt8(1) << UInt8(bit)
      image.withPixels { pixels in
        mask.withUnsafeMutableBufferPointer { m in
          for i in 0..<min(pixels.count, m.count) where pixels[i] >> 24 >= 128 { m[i] |= flag }
        }
      }
    }
  }

  /// Where face `k`'s box starts.
  func origin(_ k: Int) -> (x: Int, y: Int) {
    ((k % columns) * SweepSheet.cellWidth, (k / columns) * SweepSheet.cellHeight)
  }

  /// The sheet of `parts` of every face, without antialiasing (a pixel is inked when its
  /// centre is): two features share a pixel only where they overlap.
  func svg(_ parts: [FacePart]) -> String {
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" shape-rendering=\"crispEdges\">\n"
    for (k, face) in faces.enumerated() {
      var items: [Item] = []
      for p in parts { items += face.geometry.items(of: p) }
      let doc = SVGRenderer.render(Drawing(width: 320, height: 300, items: items))
      let (x, y) = origin(k)
      let open = doc.firstIndex(of: ">")!
      out +=
        "<svg x=\"\(x + 2)\" y=\"\(y + 2)\" width=\"160\" height=\"150\" viewBox=\"0 0 320 300\""
      out += doc[open...]
    }
    return out + "</svg>\n"
  }

  /// What is wrong with face `k` in pixels; empty when nothing is.
  func problems(_ k: Int) -> [String] {
    let (x0, y0) = origin(k)
    let (w, h) = (SweepSheet.cellWidth, SweepSheet.cellHeight)
    var problems: [String] = []
    var touching = [Int](repeating: 0, count: apart.count)
    var outside: [String: Int] = [:]
    // Per column of the box: the lowest hair and nose pixels, the highest brow and mouth ones.
    var lowestHair = [Int](repeating: -1, count: w), lowestNose = [Int](repeating: -1, count: w)
    var highestBrow = [Int](repeating: .max, count: w)
    var highestMouth = [Int](repeating: .max, count: w)
    var drawn: UInt8 = 0
    mask.withUnsafeBufferPointer { m in
      func at(_ x: Int, _ y: Int) -> UInt8 {
        x < x0 || y < y0 || x >= x0 + w || y >= y0 + h ? 0 : m[y * width + x]
      }
      for y in y0..<(y0 + h) {
        // The head's inside on this row: between its outline's outermost pixels (each half of
        // the outline is convex, so a row meets the inside once).
        var left = Int.max, right = Int.min
        for x in x0..<(x0 + w) where m[y * width + x] & head != 0 {
          left = min(left, x)
          right = max(right, x)
        }
        for x in x0..<(x0 + w) {
          let here = m[y * width + x]
          drawn |= here
          guard here & ~head != 0 else { continue }
          // A pixel and its four neighbours: a feature there is less than a pixel away.
          let near = here | at(x - 1, y) | at(x + 1, y) | at(x, y - 1) | at(x, y + 1)
          for (i, (a, b, _)) in apart.enumerated() where here & a != 0 && near & b != 0 {
            touching[i] += 1
          }
          for (bit, name) in [(eyes, "eyes"), (brows, "brows"), (nose, "nose"), (mouth, "mouth")]
          where here & bit != 0 && (x <= left || x >= right || near & head != 0) {
            outside[name, default: 0] += 1
          }
          if here & hair != 0 && (x < left || x > right) { outside["hair", default: 0] += 1 }
          let column = x - x0
          if here & hair != 0 { lowestHair[column] = y }
          if here & nose != 0 { lowestNose[column] = y }
          if here & brows != 0 { highestBrow[column] = min(highestBrow[column], y) }
          if here & mouth != 0 { highestMouth[column] = min(highestMouth[column], y) }
        }
      }
    }
    // Every face has a head, eyes and a mouth: a sheet that drew nothing would pass.
    if drawn & (head | eyes | mouth) != head | eyes | mouth {
      problems.append("head, eyes or mouth not drawn")
    }
    for (i, n) in touching.enumerated() where n > 0 {
      problems.append("\(apart[i].2) less than a pixel apart at \(n) pixels")
    }
    for (name, n) in outside.sorted(by: { $0.key < $1.key }) {
      problems.append("\(name): \(n) pixels outside the head or on its outline")
    }
    let hairUnder = (0..<w).filter { lowestHair[$0] >= 0 && lowestHair[$0] >= highestBrow[$0] }
    if !hairUnder.isEmpty {
      problems.append("brows over the hair's ends in \(hairUnder.count) columns")
    }
    let noseUnder = (0..<w).filter { lowestNose[$0] >= 0 && lowestNose[$0] >= highestMouth[$0] }
    if !noseUnder.isEmpty {
      problems.append("the nose reaches the mouth in \(noseUnder.count) columns")
    }
    return problems
  }

  /// Every face's problems, named.
  func failures() -> [String] {
    faces.indices.compactMap { k in
      let p = problems(k)
      return p.isEmpty ? nil : "\(faces[k].name): \(p.joined(separator: "; "))"
    }
  }
}

/// 2,024 faces of pairs at their ends and 512 of every channel at an end, on sheets of 256.
@Test func everyPairOfExtremesKeepsTheFeaturesApartAndInsideInPixels() throws {
  let faces = try sweepFaces(random: 512)
  #expect(faces.count == placing.count * (placing.count - 1) / 2 * 8 + 512)
  var failures: [String] = []
  for start in stride(from: 0, to: faces.count, by: 256) {
    let sheet = try SweepSheet(Array(faces[start..<min(start + 256, faces.count)]))
    failures += sheet.failures()
  }
  #expect(
    failures.isEmpty, "\(failures.count) faces: \(failures.prefix(20).joined(separator: "\n"))")
}

/// The sweep's checks can fail: a face whose brow is moved into its eye and the hair, whose
/// nose reaches into its mouth and whose eye leaves the head is reported for each, and a face
/// as drawn beside it is not.
@Test func theSweepSeesFeaturesTouchingAndOutside() throws {
  var ch = Channels()
  ch[.hair] = 1
  ch[.noseLength] = 1
  ch[.browHeight] = 0.5
  let good = try sheetFace(ch)
  var bad = good
  bad.brows![0].inner = bad.leftEye
  // The right brow across a strand, above its end.
  let strand = bad.hair[bad.hair.count / 2 + 1]
  bad.brows![1] = Brow(
    inner: Point(strand.start.x - 15, strand.end.y - 8),
    outer: Point(strand.start.x + 15, strand.end.y - 8))
  bad.nose = [bad.center, Point(bad.center.x, bad.mouthStart.y + 20)]
  bad.eyes[1].center.x += 90  // onto the outline, still in the picture
  let sheet = try SweepSheet([
    SweepFace(name: "good", geometry: good), SweepFace(name: "bad", geometry: bad),
  ])
  #expect(sheet.problems(0).isEmpty, "\(sheet.problems(0))")
  let problems = sheet.problems(1)
  for words in [
    "brows and eyes", "hair and brows", "nose and mouth", "eyes:", "brows over the hair",
    "the nose reaches the mouth",
  ] {
    #expect(problems.contains { $0.contains(words) }, "\(words): \(problems)")
  }
}
