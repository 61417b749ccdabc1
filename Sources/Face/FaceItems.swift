// The face's geometry drawn into Render's drawing model, as the seed's faceView draws into
// its context: every renderer (SVG, terminal) draws these items, so they all show one face.

import Geometry
import Glibc
import Render

/// A part of the face, in the order the parts are drawn (later on top).
public enum FacePart: CaseIterable, Sendable {
  /// The head's fill (`face_color`).
  case fill
  /// The ears.
  case ears
  /// The head's outline.
  case head
  /// The eyes.
  case eyes
  /// The pupils.
  case pupils
  /// The mouth and the lower lip.
  case mouth
  /// The brows.
  case brows
  /// The nose.
  case nose
  /// The hair.
  case hair
  /// The grey cross of a row with missing data.
  case missingMark
}

extension FaceGeometry {
  /// The face as drawing items: the head (a circle, an ellipse or four curves), the eyes
  /// (circles, ellipses, lines when closed), the mouth and the parts channels add, all stroked
  /// with the face's paint.
  public func items() -> [Item] {
    var items: [Item] = []
    items.reserveCapacity(brows == nil && headQuarters == nil ? 4 : 12)
    for part in FacePart.allCases { append(part, to: &items) }
    return items
  }

  /// The items of one part alone (none when the face lacks it).
  public func items(of part: FacePart) -> [Item] {
    var items: [Item] = []
    append(part, to: &items)
    return items
  }

  /// A drawing of `width`×`height` points holding just this face.
  public func drawing(width: Double, height: Double, title: String? = nil) -> Drawing {
    Drawing(width: width, height: height, title: title, background: nil, items: items())
  }

  private var paint: Paint { Paint(stroke: color, lineWidth: lineWidth, fill: nil, opacity: 1) }

  private func append(_ part: FacePart, to items: inout [Item]) {
    let paint = self.paint
    func add(_ shape: Shape) { items.append(Item(shape, paint: paint)) }
    switch part {
    case .fill: appendFill(to: &items)
    case .ears:
      for ear in ears ?? [] { add(.ellipse(center: ear.center, rx: ear.rx, ry: ear.ry)) }
    case .head: appendHead(to: &items)
    case .eyes: for eye in eyes { eyeShapes(eye).forEach(add) }
    case .pupils:
      // Stroked too: the terminal draws strokes only (an opaque fill clears its dots).
      let solid = Paint(stroke: color, lineWidth: 1, fill: color)
      for p in pupils ?? [] {
        items.append(Item(.circle(center: p.center, radius: p.radius), paint: solid))
      }
    case .mouth:
      add(.cubic(mouthStart, mouthControl1, mouthControl2, mouthEnd))
      if let lowerLip {
        add(.cubic(mouthStart, lowerLip.control1, lowerLip.control2, mouthEnd))
      }
    case .brows: for brow in brows ?? [] { add(.line(brow.inner, brow.outer)) }
    case .nose: if let nose { add(.polyline(nose)) }
    case .hair: for strand in hair { add(.line(strand.start, strand.end)) }
    case .missingMark:
      guard let m = missingMark else { return }
      let mark = Paint(stroke: .gray, lineWidth: max(lineWidth / 2, 1))
      items.append(Item(.line(m.first.start, m.first.end), paint: mark))
      items.append(Item(.line(m.second.start, m.second.end), paint: mark))
    }
  }

  /// The head as one ellipse, when it is one.
  private var headEllipse: Shape? {
    guard headQuarters == nil else { return nil }
    return headRadii.x == size && headRadii.y == size
      ? .circle(center: center, radius: size)
      : .ellipse(center: center, rx: headRadii.x, ry: headRadii.y)
  }

  private func appendHead(to items: inout [Item]) {
    if let headEllipse {
      items.append(Item(headEllipse, paint: paint))
      return
    }
    guard let q = headQuarters else { return }
    for c in q { items.append(Item(.cubic(c.start, c.control1, c.control2, c.end), paint: paint)) }
    // Halves of different heights meet in a step on the centre line.
    for (a, b) in [(q[0].end, q[2].end), (q[1].end, q[3].end)] where a != b {
      items.append(Item(.line(a, b), paint: paint))
    }
  }

  /// The fill under everything: the terminal paints an item in its fill colour.
  private func appendFill(to items: inout [Item]) {
    guard let fill else { return }
    if let headEllipse, rightFill == nil {
      items.append(Item(headEllipse, paint: Paint(stroke: nil, lineWidth: 0, fill: fill)))
      return
    }
    // A polygon through the outline (SVG closes and fills it; the terminal tints only
    // round shapes, so this head shows no colour there).
    let left = halfOutline(.left), right = halfOutline(.right)
    guard let rightFill else {
      let whole = left + right.reversed()
      items.append(Item(.polyline(whole), paint: Paint(stroke: nil, lineWidth: 0, fill: fill)))
      return
    }
    items.append(Item(.polyline(left), paint: Paint(stroke: nil, lineWidth: 0, fill: fill)))
    items.append(Item(.polyline(right), paint: Paint(stroke: nil, lineWidth: 0, fill: rightFill)))
  }

  /// An eye's shapes: a circle, an ellipse, a line when closed, or four curves when a flat eye
  /// is turned (Render's ellipses are upright).
  private func eyeShapes(_ e: Eye) -> [Shape] {
    let c = e.center, rx = e.radius, ry = e.height
    let cosA = cos(e.angle), sinA = sin(e.angle)
    func turned(_ x: Double, _ y: Double) -> Point {
      Point(c.x + x * cosA - y * sinA, c.y + x * sinA + y * cosA)
    }
    if ry <= 0 {
      return [.line(turned(-rx, 0), turned(rx, 0))]
    }
    if e.open >= 1 && e.aspect == 1 { return [.circle(center: c, radius: rx)] }
    if e.angle == 0 { return [.ellipse(center: c, rx: rx, ry: ry)] }
    // Each quarter a cubic whose controls lie κ of the way along the tangents at its ends.
    let k = FaceGeometry.kappa
    let ends: [(Double, Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    return (0..<4).map { i in
      let (a, b) = ends[i], (p, q) = ends[(i + 1) % 4]
      return .cubic(
        turned(a * rx, b * ry), turned(a * rx - k * b * rx, b * ry + k * a * ry),
        turned(p * rx + k * q * rx, q * ry - k * p * ry), turned(p * rx, q * ry))
    }
  }

  /// How far along its tangents a cubic's control points lie to draw a quarter ellipse:
  /// 4(√2 − 1)/3, its middle then on the ellipse.
  static let kappa = 4 * (2.0.squareRoot() - 1) / 3
}
