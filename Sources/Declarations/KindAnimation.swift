import Files
import LuaHost
import Readable
import Render
import Storyboard

/// How a `segue_kind` animates, in Lua: a function of t returning the two screens'
/// placements, or keyframes. Without either a custom kind cross-fades.
public enum KindAnimation {
  /// `animate = function(t, from, to) return fromPlacement, toPlacement end`.
  case function(LuaReference)
  /// `animate = { { t = 0, to = { y = 480 } }, { t = 1 } }`: placements at moments, eased
  /// in and out between them as UIKit eased its own.
  case keyframes([Keyframe])
}

/// One keyframe of a declared animation.
public struct Keyframe: Equatable, Sendable {
  /// The moment, 0…1.
  public var t: Double
  /// The screen before, placed.
  public var from: Placement
  /// The screen after, placed.
  public var to: Placement
}

/// The fields of a placement table, as Lua spells them.
let placementFields = ["x", "y", "scale", "opacity"]
/// The fields of a keyframe.
let keyframeFields = ["t", "from", "to"]

/// A placement table `{ x = dx, y = dy, scale = s, opacity = o }` (nil: at rest), each number
/// finite and in range, as every number a script hands over.
package func readPlacement(_ value: LuaValue, _ fields: inout Fields, _ key: String) -> Placement {
  guard value != .nil else { return .rest }
  var f = Fields(
    value, what: fields.what + ": " + key, location: fields.location, texts: fields.texts,
    known: placementFields)
  let limit = Placement.maxOffset
  var p = Placement.rest
  if let v = f.number("x", in: -limit...limit) { p.dx = v }
  if let v = f.number("y", in: -limit...limit) { p.dy = v }
  if let v = f.number("scale", in: 0...Placement.maxScale) { p.scale = v }
  if let v = f.number("opacity", in: 0...1) { p.opacity = v }
  fields.problems += f.problems
  return p
}

/// `animate` of a segue_kind's fields: a function, or a list of keyframes with t rising
/// from 0 to 1.
func readAnimation(_ fields: inout Fields) -> KindAnimation? {
  guard let value = fields.raw("animate") else { return nil }
  if case .function(let f) = value { return .function(f) }
  guard case .array(let items) = value, !items.isEmpty else {
    fields.fail(
      "animate must be a function(t, from, to) or a list of keyframes { { t = 0, to = { y = 480 } }, { t = 1 } }, got \(value.typeName)"
    )
    return nil
  }
  var frames: [Keyframe] = []
  for (i, item) in items.enumerated() {
    var f = Fields(
      item, what: fields.what + ": animate[\(i + 1)]", location: fields.location,
      texts: fields.texts, known: keyframeFields)
    let t = f.number("t", in: 0...1)
    if f.raw("t") == nil { f.fail("needs t = 0…1") }
    let from = readPlacement(f.raw("from") ?? .nil, &f, "from")
    let to = readPlacement(f.raw("to") ?? .nil, &f, "to")
    if let t, let last = frames.last, t <= last.t {
      f.fail(
        "t must rise from keyframe to keyframe (\(formatNumber(last.t)), then \(formatNumber(t)))")
    }
    fields.problems += f.problems
    if let t, f.problems.isEmpty { frames.append(Keyframe(t: t, from: from, to: to)) }
  }
  return frames.count == items.count ? .keyframes(frames) : nil
}

extension Keyframe {
  /// The keyframes' placements at progress `t`: eased, then linear between the two around it.
  package static func frame(_ frames: [Keyframe], at t: Double) -> TransitionFrame {
    let e = easeInOut(t)
    guard let next = frames.firstIndex(where: { $0.t >= e }) else {
      return TransitionFrame(from: frames[frames.count - 1].from, to: frames[frames.count - 1].to)
    }
    guard next > 0 else { return TransitionFrame(from: frames[0].from, to: frames[0].to) }
    let (a, b) = (frames[next - 1], frames[next])
    let u = (e - a.t) / (b.t - a.t)
    func mix(_ p: Placement, _ q: Placement) -> Placement {
      Placement(
        dx: p.dx + (q.dx - p.dx) * u, dy: p.dy + (q.dy - p.dy) * u,
        scale: p.scale + (q.scale - p.scale) * u, opacity: p.opacity + (q.opacity - p.opacity) * u)
    }
    return TransitionFrame(from: mix(a.from, b.from), to: mix(a.to, b.to))
  }
}
