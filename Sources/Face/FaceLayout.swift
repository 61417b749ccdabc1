// Where the face's parts go in a view's bounds (docs/ARCHITECTURE.md, "The face's geometry"; the
// README's channel table): each channel's value sets its part by the table's formula, half by
// half, and where extremes together would make parts touch or leave the head, the part placed
// later yields (shrinks, shortens or moves) just enough, in one order: the outline, the eyes,
// the brows, the nose's top, the hair, the mouth, the rest of the nose.

import Geometry
import Glibc
import Render

/// The face of `state` drawn in `style` inside `bounds`: centred, radius
/// min(width, height)/2 × state.scale, mouth bent by `state.smile`. Throws for a style
/// that does not validate, non-finite bounds or a negative bounds size.
public func faceGeometry(state: FaceState, style: FaceStyle, bounds: Rect) throws(FaceError)
  -> FaceGeometry
{
  let style = try style.validated()
  try FaceError.finite(bounds.x, "bounds x")
  try FaceError.finite(bounds.y, "bounds y")
  try FaceError.nonNegative(bounds.width, "bounds width")
  try FaceError.nonNegative(bounds.height, "bounds height")
  try FaceError.positive(state.scale, "scale")
  try FaceError.finite(state.happiness, "happiness")
  try state.expression?.validate()
  let g = FaceLayout(state: state, style: style, bounds: bounds).geometry()
  for value in [
    g.size, g.leftEye.x, g.rightEye.x, g.leftEye.y, g.mouthStart.x, g.mouthEnd.x, g.mouthStart.y,
    g.mouthControl1.y,
  ] where !value.isFinite {
    throw FaceError.nonFinite("face geometry")  // overflow of huge but finite inputs
  }
  return g
}

/// The room around the square around a face (its view's shorter side, centred) that the
/// face may reach into, in those sides: the widest head (the face's radius across) with the
/// largest ears reaches 1.035 half sides from the centre at the seed's scale, its stroke a
/// little more. A face shown through that square alone (a data sheet's cell, a legend's key
/// face) keeps this much around it, or its ears are cut and touch its neighbours.
public let faceMargin = 0.06

/// The computation of one face's geometry: the channels' formulas, then the yields.
struct FaceLayout {
  let state: FaceState
  let style: FaceStyle
  let bounds: Rect
  let ch: Channels
  let mid: Point
  /// The head's radius.
  let s: Double
  /// The least distance between the centre lines of two parts' strokes, and between a part
  /// and the outline: a stroke and a half, so half a stroke of blank lies between.
  let gap: Double

  init(state: FaceState, style: FaceStyle, bounds: Rect) {
    (self.state, self.style, self.bounds, ch) = (state, style, bounds, state.channels)
    mid = Point(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2)
    s = min(bounds.width, bounds.height) / 2 * state.scale
    gap = style.lineWidth * 1.5
  }

  /// `low + span × value` of the channel on `side`, else `seed`.
  private func value(
    _ c: Channel, _ side: Side, _ low: Double, _ span: Double, else seed: Double
  ) -> Double {
    ch[c, side].map { low + span * $0 } ?? seed
  }

  // MARK: The outline

  /// One half of the head: its half width at the split, half height, the split's height and
  /// how full its upper and lower quarters are (κ: an ellipse's).
  struct Half {
    var width, height, split, upper, lower: Double
  }

  private func half(_ side: Side) -> Half {
    let w = s * value(.headWidth, side, 0.6, 0.4, else: 1)
    let h = s * value(.headHeight, side, 0.6, 0.4, else: 1)
    let split = mid.y + (ch[.headSplit, side].map { 0.3 * h * (1 - 2 * $0) } ?? 0)
    let k = FaceGeometry.kappa
    return Half(
      width: w, height: h, split: split,
      upper: ch[.foreheadWidth, side].map { k + 0.7 * ($0 - 0.5) } ?? k,
      lower: ch[.jawWidth, side].map { k + 0.7 * ($0 - 0.5) } ?? k)
  }

  /// The head drawn as an ellipse, or as four quarters when a shape channel is given or the
  /// halves differ.
  private func head(_ g: inout FaceGeometry, _ halves: [Half]) {
    let l = halves[0], r = halves[1]
    g.headRadii = .init(x: l.width, y: l.height)
    let shaped =
      [Channel.headSplit, .foreheadWidth, .jawWidth].contains { ch.has($0) }
      || l.width != r.width || l.height != r.height
    guard shaped else { return }
    g.headQuarters = Side.allCases.flatMap { side -> [Cubic] in
      let h = halves[side.rawValue], d = side.sign
      let p = Point(mid.x + d * h.width, h.split)
      let top = Point(mid.x, mid.y - h.height), bottom = Point(mid.x, mid.y + h.height)
      return [
        Cubic(
          p, Point(p.x, p.y - h.upper * (p.y - top.y)), Point(top.x + d * h.upper * h.width, top.y),
          top),
        Cubic(
          p, Point(p.x, p.y + h.lower * (bottom.y - p.y)),
          Point(bottom.x + d * h.lower * h.width, bottom.y), bottom),
      ]
    }
  }

  // MARK: The whole face

  func geometry() -> FaceGeometry {
    let halves = Side.allCases.map(half)
    let tilt = browTilt()
    var g = FaceGeometry(
      center: mid, size: s, eyes: Side.allCases.map { eye($0, halves[$0.rawValue]) },
      mouth: mouth(halves, .asGiven, shift: 0).curve, lineWidth: style.lineWidth,
      color: style.color)
    head(&g, halves)
    // Without channels the seed's parts always fit: only brows need the outline then.
    guard !ch.isEmpty || tilt != nil else { return g }
    let regions = Side.allCases.map { HeadHalf(g.halfOutline($0)) }
    // Each half's eyes and brows keep half a gap from the centre line, so the halves' keep a
    // gap between them; a whole gap where the halves' tops differ and the outline steps
    // along the centre line.
    let q = g.headQuarters
    let centre = q.map { $0[0].end != $0[2].end } == true ? gap : gap / 2
    if !ch.isEmpty {
      for side in Side.allCases {
        g.eyes[side.rawValue] = fit(
          g.eyes[side.rawValue], in: regions[side.rawValue], half: halves[side.rawValue], side,
          centre: centre, browsToo: tilt != nil)
      }
    }
    if let tilt {
      g.brows = Side.allCases.map { brow($0, tilt, g, regions[$0.rawValue], centre: centre) }
    }
    guard !ch.isEmpty else { return g }
    addPupils(&g)
    let apex = noseTop(g)
    addHair(&g, halves, noseTop: apex)
    placeMouth(&g, halves, regions, noseTop: apex)
    addNose(&g, top: apex)
    addEars(&g, halves)
    addFill(&g)
    addMissingMark(&g)
    return g
  }

  // MARK: Eyes

  private func eye(_ side: Side, _ h: Half) -> Eye {
    let d = side.sign
    let spacing = value(.eyeSpacing, side, 0.2, 0.3, else: style.eyeH)
    let height = value(.eyeHeight, side, 0.15, 0.4, else: style.eyeV)
    // Features keep their place inside a narrower or shorter head, as aplpack's do: the
    // head's radii scale their distances from the centre (s, the seed's, without channels).
    let center = Point(mid.x + d * spacing * h.width, mid.y - height * h.height)
    var open = state.expression.map { min(max($0.eyes, 0), 1) } ?? 1
    open = ch[.eyeOpening, side] ?? open
    return Eye(
      center: center, radius: value(.eyeSize, side, 0.04, 0.12, else: style.eyeRadius) * s,
      // A round eye shows no slant: slanted eyes are as flat as eccentricity 0.5's unless
      // that channel says.
      aspect: ch[.eyeEccentricity, side].map { 1 - 0.6 * $0 } ?? (ch.has(.eyeSlant) ? 0.7 : 1),
      open: open,
      // Outer corners up for a slant above 0.5: the right eye turns anticlockwise.
      angle: ch[.eyeSlant, side].map { -d * ($0 * 2 - 1) * Double.pi / 6 } ?? 0)
  }

  /// The eye as given when it fits its half (a gap from the outline and half a gap from the
  /// centre line, so the eyes keep a gap between them; with brows, a gap's room over it for
  /// them); else shrunk to as little as half its size, and when that does not fit either,
  /// moved towards a roomy place of its half (a quarter up from the split, 0.3 of the width
  /// out) until it does.
  private func fit(
    _ e: Eye, in region: HeadHalf, half h: Half, _ side: Side, centre: Double, browsToo: Bool
  ) -> Eye {
    func fits(_ e: Eye) -> Bool {
      guard region.slack(e, margin: gap, centre: centre) >= 0 else { return false }
      guard browsToo else { return true }
      let top = e.center.y - e.extent.y - gap
      return [-0.5, 0.5].allSatisfy {
        region.slack(Point(e.center.x + $0 * e.radius, top), margin: gap, centre: centre) >= 0
      }
    }
    func scaled(_ e: Eye, _ f: Double) -> Eye {
      var e = e
      e.radius *= f
      return e
    }
    if fits(e) { return e }
    let least = 0.5
    var placed = e
    if !fits(scaled(e, least)) {
      let anchor = Point(
        mid.x + side.sign * 0.3 * h.width, h.split - 0.25 * (h.split - mid.y + h.height))
      func moved(_ t: Double) -> Eye {
        var m = e
        m.center = Point(
          e.center.x + (anchor.x - e.center.x) * t, e.center.y + (anchor.y - e.center.y) * t)
        return m
      }
      // The least move that fits: from the anchor back towards the eye's place.
      placed = moved(1 - largest(0, 1) { fits(scaled(moved(1 - $0), least)) })
    }
    let f = largest(least, 1) { fits(scaled(placed, $0)) }
    return scaled(placed, f)
  }

  // MARK: Pupils

  /// Pupils of 0.4 the eye's smaller radius, gazing along its long axis as far as a circle
  /// that size stays inside it; none in a closed eye.
  private func addPupils(_ g: inout FaceGeometry) {
    var pupils: [FaceGeometry.Disc] = []
    for side in Side.allCases {
      guard let p = ch[.pupil, side] else { continue }
      let e = g.eyes[side.rawValue]
      let a = e.radius, b = e.height
      guard b > 0 else { continue }
      let r = 0.4 * b
      // The centre of a circle of radius r inside the ellipse (a ≥ b) may go a − r out when
      // r is at most the curvature radius b²/a at the end, else √((a² − b²)(1 − r²/b²)).
      let reach = r <= b * b / a ? a - r : ((a * a - b * b) * (1 - (r * r) / (b * b))).squareRoot()
      let t = (p * 2 - 1) * reach
      pupils.append(
        .init(
          center: Point(e.center.x + t * cos(e.angle), e.center.y + t * sin(e.angle)), radius: r))
    }
    if !pupils.isEmpty { g.pupils = pupils }
  }

  // MARK: Brows

  /// The expression's brows, or level ones when a brow channel is given; nil: no brows.
  private func browTilt() -> Double? {
    if let b = state.expression?.brows { return min(max(b, -1), 1) }
    let given = [Channel.browHeight, .browSlant, .browWidth].contains { ch.has($0) }
    return given ? 0 : nil
  }

  /// One brow above its eye. Furrowed (-1) draws the inner end down towards the nose; 0 is
  /// level; relaxed (1) stays level and rests a little higher. Inner ends raised above the
  /// outer ones would read as worried, which no expression means (brow_slant below 0.5 does).
  /// It stays between the eye's top and the outline (and the top of the view's middle square,
  /// the face's own box inside any view), a gap clear of each, below the fringe's room when
  /// there is hair; the slant shrinks when it cannot fit, then the brow's length.
  private func brow(
    _ side: Side, _ tilt: Double, _ g: FaceGeometry, _ region: HeadHalf, centre: Double
  ) -> Brow {
    let e = g.eyes[side.rawValue], d = side.sign, r = e.radius
    var half = r * (ch[.browWidth, side].map { 0.8 + 1.4 * $0 } ?? 1.5)
    var furrow = max(-tilt, 0) * r * 0.6
    if let slant = ch[.browSlant, side] { furrow = (slant * 2 - 1) * r * 0.6 }
    let lift = ch[.browHeight, side].map { 1.4 + 1.6 * $0 } ?? 2.2 + max(tilt, 0) * 0.3
    let square = mid.y - min(bounds.width, bounds.height) / 2 + style.lineWidth
    let bottom = e.center.y - e.extent.y - gap
    func top(_ half: Double) -> Double {
      let outer = region.top(atX: e.center.x + d * half, margin: gap, centre: nil)
      let inner = region.top(atX: e.center.x - d * half, margin: gap, centre: centre)
      return max(outer ?? .infinity, inner ?? .infinity, square)
    }
    if top(half) > bottom {
      half = largest(r * 0.5, half) { top($0) <= bottom }
    }
    // No outline over the eye at all (a narrow half whose eye the yields left at its
    // edge, in a small drawing): the brow rests on the eye's gap, not at infinity.
    var highest = top(half)
    if !highest.isFinite { highest = bottom }
    if let hair = ch[.hair, side] {
      highest += min(0.2 * s * hair, max(bottom - highest, 0) / 2)
    }
    // Over its eye a brow's lowest point is the fraction of its length the eye spans (2/3
    // for the seed's): the slant is what the room leaves over both.
    let overEye = min(1, e.extent.x / half)
    let room = max(bottom - highest, 0)
    furrow = min(max(furrow, -room / (1 + overEye)), room / (1 + overEye))
    let upper = highest + abs(furrow), lower = bottom - abs(furrow) * overEye
    // Where rounding (or no room) leaves lower above upper, the outline wins.
    let baseY = max(min(e.center.y - r * lift, lower), upper)
    return Brow(
      inner: Point(e.center.x - d * half, baseY + furrow),
      outer: Point(e.center.x + d * half, baseY - furrow))
  }

  // MARK: Nose

  /// Whether the nose is drawn.
  private var hasNose: Bool { ch.has(.noseLength) || ch.has(.noseWidth) }

  private func noseLength(_ side: Side) -> Double {
    s * (0.1 + 0.3 * (ch[.noseLength, side] ?? 0.5))
  }

  private func noseHalfWidth(_ side: Side) -> Double {
    s * (0.04 + 0.16 * (ch[.noseWidth, side] ?? 0.5))
  }

  /// The nose's top: 0.15 s above the centre, or a gap below eyes too close to the centre
  /// line for it to pass between them and below brows whose inner ends reach over it.
  private func noseTop(_ g: FaceGeometry) -> Double {
    var top = mid.y - s * 0.15
    guard hasNose else { return top }
    for side in Side.allCases {
      let e = g.eyes[side.rawValue], ext = e.extent
      let inner = abs(e.center.x - mid.x) - ext.x
      let bottom = e.center.y + ext.y
      // Beside the eye the nose may be half as wide as its base, a gap from it.
      if bottom + gap > top && inner - gap < noseHalfWidth(side) / 2 { top = bottom + gap }
    }
    let widest = max(noseHalfWidth(.left), noseHalfWidth(.right))
    for b in g.brows ?? [] where abs(b.inner.x - mid.x) < widest + gap {
      top = max(top, max(b.inner.y, b.outer.y) + gap)
    }
    return top
  }

  /// The nose: a triangle from `top`, each half as long as its channel says but a gap above
  /// the mouth, and no wider than leaves a gap beside the eyes. The joins at the base's
  /// corners are mitred (SVG's default), so a sharp corner's point reaches past half a
  /// stroke: a half whose point would come nearer the mouth or an eye than the rest of the
  /// nose may is shortened or narrowed by as much.
  private func addNose(_ g: inout FaceGeometry, top: Double) {
    guard hasNose else { return }
    let upper = samples((g.mouth, nil), steps: 48)
    let mouthTop = highestPoint(
      upper, within: mid.x - noseHalfWidth(.left) - gap, mid.x + noseHalfWidth(.right) + gap,
      else: min(g.mouthStart.y, g.mouthEnd.y))
    var lengths = Side.allCases.map { min(noseLength($0), mouthTop - gap - top) }
    var reach = [0.0, 0.0]
    // A point's centre line keeps what a stroke's keeps less half a stroke: it has no width.
    let clear = gap - style.lineWidth / 2
    let lower = g.lowerLip.map {
      samples((Cubic(g.mouthStart, $0.control1, $0.control2, g.mouthEnd), nil), steps: 48)
    }
    let runs = [upper, lower ?? []]
    var low = upper[0], high = upper[0]  // the box around the mouth
    for run in runs {
      for p in run {
        (low.x, low.y) = (min(low.x, p.x), min(low.y, p.y))
        (high.x, high.y) = (max(high.x, p.x), max(high.y, p.y))
      }
    }
    /// How far `p` is from the mouth when that is less than `clear`, else some distance not
    /// less: a point further than `clear` from the box around the mouth is no nearer (by a
    /// margin far above rounding, so the box never decides a case the samples would not).
    func nearest(_ p: Point) -> Double {
      let dx = max(low.x - p.x, 0, p.x - high.x), dy = max(low.y - p.y, 0, p.y - high.y)
      let outside = (dx * dx + dy * dy).squareRoot()
      if outside >= clear + 1e-6 * s { return outside }
      var least = Double.infinity
      for run in runs where run.count > 1 {
        for k in 1..<run.count { least = min(least, segmentDistance(p, run[k - 1], run[k])) }
      }
      return least
    }
    // A shortened or narrowed half turns its corner, and so its point: a few rounds, the
    // last one keeping what it has.
    var nose = noseOutline(g, top: top, lengths: lengths, reach: reach)
    for _ in 0..<8 {
      guard let n = nose else { return }
      var fits = true
      for side in Side.allCases {
        let i = side.rawValue
        guard let tip = miterTip(n[i], n[1 + i], n[2 + i], lineWidth: style.lineWidth) else {
          continue
        }
        let near = nearest(tip)
        if near < clear {
          lengths[i] -= clear - near + 0.01 * s
          fits = false
        }
        let e = g.eyes[side.rawValue], ext = e.extent
        let inside = min(
          ext.x + clear - abs(tip.x - e.center.x), ext.y + clear - abs(tip.y - e.center.y))
        if inside > 0 {
          reach[i] += inside + 0.01 * s
          fits = false
        }
      }
      if fits { break }
      nose = noseOutline(g, top: top, lengths: lengths, reach: reach)
    }
    g.nose = nose
  }

  /// The nose's outline with each half `lengths` long (left, right), its base no wider than
  /// leaves a gap beside the eyes, and as much again as its corner's point `reach`es past
  /// half a stroke; nil when a half has no length.
  private func noseOutline(_ g: FaceGeometry, top: Double, lengths: [Double], reach: [Double])
    -> [Point]?
  {
    var corners: [Point] = []
    for side in Side.allCases {
      let length = lengths[side.rawValue], extra = reach[side.rawValue]
      guard length > 0 else { return nil }
      var half = noseHalfWidth(side)
      let e = g.eyes[side.rawValue], ext = e.extent
      let inner = abs(e.center.x - mid.x) - ext.x
      let y = min(e.center.y + ext.y + gap + extra, top + length)
      if y > top { half = min(half, max(inner - gap - extra, 0) * length / (y - top)) }
      corners.append(Point(mid.x + side.sign * half, top + length))
    }
    return [Point(mid.x, top), corners[0], corners[1], Point(mid.x, top)]
  }

  /// The distance from `p` to the segment from `a` to `b`.
  private func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let l2 = dx * dx + dy * dy
    let t = l2 == 0 ? 0 : min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / l2, 0), 1)
    let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
    return (x * x + y * y).squareRoot()
  }

  /// The point of the mitred join at `b`, between `a`→`b` and `b`→`c`: half a stroke /
  /// sin(θ/2) out along the bisector of the angle θ between the segments; nil where it
  /// reaches no further than half a stroke, or SVG's miter limit (4) cuts it flat.
  private func miterTip(_ a: Point, _ b: Point, _ c: Point, lineWidth: Double) -> Point? {
    let ux = a.x - b.x, uy = a.y - b.y, vx = c.x - b.x, vy = c.y - b.y
    let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
    guard lu > 0, lv > 0 else { return nil }
    let bx = ux / lu + vx / lv, by = uy / lu + vy / lv
    let lb = (bx * bx + by * by).squareRoot()
    let cosine = min(max((ux * vx + uy * vy) / (lu * lv), -1), 1)
    let sine = ((1 - cosine) / 2).squareRoot()  // sin(θ/2)
    guard lb > 1e-9, sine > 0, 1 / sine <= 4 else { return nil }
    let d = lineWidth / 2 / sine
    return Point(b.x - bx / lb * d, b.y - by / lb * d)
  }

  // MARK: Hair

  /// A fringe: nine strands hanging from the top of the head, 0.2 s × hair long, each ending a
  /// gap above the brows, eyes and nose under it. The middle strand takes the halves' mean.
  private func addHair(_ g: inout FaceGeometry, _ halves: [Half], noseTop: Double) {
    for i in 0..<9 {
      let angle = (Double(i) - 4) / 4 * 0.9  // radians either side of straight up
      let side: Side = i < 4 ? .left : .right
      guard let h = i == 4 ? ch[.hair] : ch[.hair, side], h > 0 else { continue }
      let x = mid.x + halves[side.rawValue].width * sin(angle)
      let root = headTop(g, halves, angle: angle, side)
      var end = root.y + s * 0.2 * h
      for e in g.eyes where abs(x - e.center.x) <= e.extent.x + gap {
        end = min(end, e.center.y - e.extent.y - gap)
      }
      for b in g.brows ?? []
      where x >= min(b.inner.x, b.outer.x) - gap
        && x <= max(b.inner.x, b.outer.x) + gap
      {
        end = min(end, min(b.inner.y, b.outer.y) - gap)
      }
      if hasNose, abs(x - mid.x) <= max(noseHalfWidth(.left), noseHalfWidth(.right)) + gap {
        end = min(end, noseTop - gap)
      }
      guard end > root.y else { continue }
      g.hair.append(FaceGeometry.Segment(root, Point(root.x, end)))
    }
  }

  /// The point of the outline's top at `angle` from straight up (on an ellipse, its point
  /// there; on the quarters, the point with the ellipse's x).
  private func headTop(_ g: FaceGeometry, _ halves: [Half], angle: Double, _ side: Side) -> Point {
    let h = halves[side.rawValue]
    guard let q = g.headQuarters else {
      return Point(mid.x + h.width * sin(angle), mid.y - h.height * cos(angle))
    }
    if angle == 0 { return Point(mid.x, max(q[0].end.y, q[2].end.y)) }
    let upper = q[2 * side.rawValue]
    let x = abs(h.width * sin(angle))
    // x falls from the split to the top along the quarter: halve towards the t where it is x.
    let t = largest(0, 1) { abs(upper.point(at: $0).x - mid.x) >= x }
    return Point(mid.x + side.sign * x, upper.point(at: t).y)
  }

  // MARK: Mouth

  /// How far the mouth yields: `narrowing` (1 as given, 0 the least) takes its width down to
  /// 0.35 of it and the lower lip to none; `bend` (1 as given) scales the smile's curve;
  /// `level` (1 as given), the last thing to yield, brings the lower end of a mouth whose
  /// halves differ in height up towards the other's (below a short half's chin, near the
  /// centre line, it would cross the outline's step).
  struct MouthYield {
    var narrowing = 1.0, bend = 1.0, level = 1.0
    static let asGiven = MouthYield()
    /// The steps tried in turn.
    static let steps =
      [1, 0.75, 0.5, 0.25, 0].map { MouthYield(narrowing: $0) }
      + [0.5, 0].map { MouthYield(narrowing: 0, bend: $0) }
      + [0.5, 0].map { MouthYield(narrowing: 0, bend: 0, level: $0) }
  }

  /// The mouth and its lower lip, each half from its own channels, yielding `y`, moved down
  /// by `shift`.
  private func mouth(_ halves: [Half], _ y: MouthYield, shift: Double)
    -> (curve: Cubic, lip: FaceGeometry.LowerLip?)
  {
    let u = y.narrowing
    let widthFactor = 0.35 + 0.65 * u
    // How far below the centre each half puts its corner; as the last yield the lower one
    // rises towards the other (`MouthYield.level`).
    func ownDrop(_ side: Side) -> Double {
      (ch[.mouthHeight, side].map { 0.55 - 0.3 * $0 } ?? style.mouthV)
        * halves[side.rawValue].height
    }
    let drops = (left: ownDrop(.left), right: ownDrop(.right))
    let least = min(drops.left, drops.right)
    // Each half's corner, the control point beside it and its lip's drop; no arrays, as a
    // mouth is laid out several times a face while it is fitted.
    func corner(_ side: Side) -> (end: Point, control: Point, lip: Double) {
      let h = halves[side.rawValue], d = side.sign
      let width = value(.mouthWidth, side, 0.2, 0.5, else: style.mouthH) * h.width
      let own = side == .left ? drops.left : drops.right
      let drop = y.level == 1 ? own : least + (own - least) * y.level
      let smile = min(max(ch[.smile, side] ?? state.smile, -1), 1)
      let end = Point(mid.x + d * width * widthFactor, mid.y + drop + shift)
      let control = Point(
        end.x - d * width * widthFactor * 2 / 3, end.y + style.mouthSmile * s * smile * y.bend)
      return (end, control, (ch[.mouthOpening, side] ?? 0) * s * 0.3 * u)
    }
    let left = corner(.left), right = corner(.right)
    let curve = Cubic(left.end, left.control, right.control, right.end)
    guard left.lip > 0 || right.lip > 0 else { return (curve, nil) }
    return (
      curve,
      .init(
        control1: Point(left.control.x, left.control.y + left.lip),
        control2: Point(right.control.x, right.control.y + right.lip))
    )
  }

  /// Points along the mouth and its lower lip, `steps` to a curve, for keeping them clear.
  private func samples(_ m: (curve: Cubic, lip: FaceGeometry.LowerLip?), steps: Int = 24)
    -> [Point]
  {
    let n = Double(steps)
    var points: [Point] = []
    points.reserveCapacity(m.lip == nil ? steps + 1 : 2 * steps)
    for i in 0...steps { points.append(m.curve.point(at: Double(i) / n)) }
    if let lip = m.lip {
      let lower = Cubic(m.curve.start, lip.control1, lip.control2, m.curve.end)
      for i in 1..<steps { points.append(lower.point(at: Double(i) / n)) }
    }
    return points
  }

  /// The mouth as its channels say when it fits: below the eyes and the nose's least
  /// length (0.05 s) by a gap, inside the head by a gap. Else it moves down below them, then
  /// narrows (and its lip closes), then bends less, moving up as far as they allow, in steps,
  /// until it fits.
  private func placeMouth(
    _ g: inout FaceGeometry, _ halves: [Half], _ regions: [HeadHalf], noseTop: Double
  ) {
    let noseLeast = min(0.05 * s, noseLength(.left), noseLength(.right))
    let noseLeft = mid.x - noseHalfWidth(.left) - gap,
      noseRight = mid.x + noseHalfWidth(.right) + gap
    // The eyes' boxes, worked out once: the mouth's every sample asks for them.
    let eyes = g.eyes.map { (center: $0.center, extent: $0.extent) }
    // The highest a point of the mouth at x may be.
    func limit(_ x: Double) -> Double {
      var y = -Double.infinity
      for e in eyes where abs(x - e.center.x) <= e.extent.x + gap {
        y = max(y, e.center.y + e.extent.y + gap)
      }
      if hasNose, x >= noseLeft, x <= noseRight { y = max(y, noseTop + noseLeast + gap) }
      return y
    }
    func lowestShift(_ u: MouthYield) -> Double {
      samples(mouth(halves, u, shift: 0)).reduce(-0.3 * s) { m, p in
        max(m, limit(p.x) - p.y)
      }
    }
    // Near the centre line a point is inside both halves: where their bottoms differ, the
    // outline steps along it.
    func inside(_ u: MouthYield, _ shift: Double) -> Bool {
      samples(mouth(halves, u, shift: shift)).allSatisfy { p in
        let own = p.x < mid.x ? 0 : 1
        guard regions[own].slack(p, margin: gap, centre: nil) >= 0 else { return false }
        return abs(p.x - mid.x) >= gap || regions[1 - own].slack(p, margin: gap, centre: nil) >= 0
      }
    }
    // The last yield, moved below everything, when no step fits: worked out only then.
    var fitted: (u: MouthYield, shift: Double)?
    for u in MouthYield.steps {
      let least = lowestShift(u), wanted = max(least, 0)
      if inside(u, wanted) {
        fitted = (u, wanted)
        break
      }
      if least < wanted, inside(u, least) {
        fitted = (u, largest(least, wanted) { inside(u, $0) })
        break
      }
    }
    let last = MouthYield.steps.last!
    let chosen = fitted ?? (last, max(lowestShift(last), 0))
    let m = mouth(halves, chosen.u, shift: chosen.shift)
    (g.mouthStart, g.mouthControl1, g.mouthControl2, g.mouthEnd) =
      (m.curve.start, m.curve.control1, m.curve.control2, m.curve.end)
    g.lowerLip = m.lip
  }

  /// The highest (least y) of `points` between `left` and `right`, else `fallback`.
  private func highestPoint(
    _ points: [Point], within left: Double, _ right: Double, else fallback: Double
  ) -> Double {
    var top: Double?
    for p in points where p.x >= left && p.x <= right { top = min(top ?? p.y, p.y) }
    return top ?? fallback
  }

  // MARK: Ears, fill, mark

  /// Ears 0.06 s … 0.2 s in vertical radius, half as wide, a quarter of that outside the
  /// head's side at the split.
  private func addEars(_ g: inout FaceGeometry, _ halves: [Half]) {
    var ears: [FaceGeometry.Ear] = []
    for side in Side.allCases {
      guard let e = ch[.earSize, side] else { continue }
      let h = halves[side.rawValue]
      let ry = s * (0.06 + 0.14 * e), rx = ry / 2
      ears.append(
        .init(center: Point(mid.x + side.sign * (h.width + ry / 4), h.split), rx: rx, ry: ry))
    }
    if !ears.isEmpty { g.ears = ears }
  }

  /// The palette's colour; a half without `face_color` is white when the other has one.
  private func addFill(_ g: inout FaceGeometry) {
    let palette = ch.palette
    func color(_ t: Double) -> Color { palette?.color(at: t) ?? FacePalette.color(at: t) }
    let left = ch[.faceColor, .left].map(color)
    let right = ch[.faceColor, .right].map(color)
    guard left != nil || right != nil else { return }
    if left == right {
      g.fill = left
    } else {
      g.fill = left ?? .white
      g.rightFill = right ?? .white
    }
  }

  /// A small grey cross in the top right corner of the square around the face: some
  /// datum was missing. The square's, not the bounds': a contact sheet's cell shows that
  /// square alone, and a mark in the corner of a tall content rect fell above it, unseen.
  private func addMissingMark(_ g: inout FaceGeometry) {
    guard !ch.missing.isEmpty else { return }
    let side = min(bounds.width, bounds.height)
    let d = side * 0.04
    let x = mid.x + side / 2 - 2 * d, y = mid.y - side / 2 + d
    g.missingMark = FaceGeometry.MissingMark(
      FaceGeometry.Segment(Point(x, y), Point(x + d, y + d)),
      FaceGeometry.Segment(Point(x + d, y), Point(x, y + d)))
  }
}

/// The largest x in [lo, hi] for which `holds` is true, by halving (12 steps: to 1/4096 of
/// the span), given that it holds at `lo` and, if anywhere, on one stretch from `lo`.
func largest(_ lo: Double, _ hi: Double, _ holds: (Double) -> Bool) -> Double {
  if holds(hi) { return hi }
  var (a, b) = (lo, hi)
  for _ in 0..<12 {
    let m = (a + b) / 2
    if holds(m) { a = m } else { b = m }
  }
  return a
}
