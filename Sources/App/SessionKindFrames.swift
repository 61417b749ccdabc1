import Declarations
import Face
import Files
import Geometry
import LuaHost
import Raster
import Readable
import Render
import Storyboard

extension Session {
  /// The frames of a segue kind's Lua animation (a cross-fade when it declares none). The
  /// function is called with t, then the two screens as `{ width, height, title }`; what
  /// it returns is checked as every number from a script is.
  func frames(of kind: CustomKind, from: String, to: String)
    -> (Double) throws -> TransitionFrame
  {
    switch kind.animation {
    case nil:
      let fade = Transition(.crossFade, width: 0, travel: 0)
      return { fade.frame(at: $0) }
    case .keyframes(let frames)?:
      return { Keyframe.frame(frames, at: $0) }
    case .function(let function)?:
      let size = device.size(in: orientation)
      func screen(_ title: String) -> LuaValue {
        .map([
          "width": .number(size.width), "height": .number(size.height), "title": .text(title),
        ])
      }
      let (before, after) = (screen(from), screen(to))
      let location = kind.location
      let state = script.state
      let what = "segue_kind '\(kind.name)' animate"
      return { t in
        let results: [LuaValue]
        do {
          results = try state.call(function, [.number(t), before, after], declaredAt: location)
        } catch var e as LuaError where e.kind == .runtime {
          // Which callback, at which t: the animation runs from the host, frame by frame.
          e.message += " (in \(what) (t = \(formatNumber(t))))"
          throw e
        }
        var f = Fields(
          .map([:]), what: what + " at t = \(formatNumber(t))", location: location,
          texts: self.script.texts, known: [])
        let from = readPlacement(results.first ?? .nil, &f, "its first result (from)")
        let to = readPlacement(results.count > 1 ? results[1] : .nil, &f, "its second result (to)")
        if let p = f.problems.first { throw sessionError(p.message, at: location) }
        return TransitionFrame(from: from, to: to)
      }
    }
  }

  /// Runs a kind's `animate` function at a few moments, as `check` does: an error in it, or
  /// a number out of range, is found before a transition plays.
  func checkAnimation(of kind: CustomKind) throws {
    guard case .function? = kind.animation else { return }
    let frame = frames(of: kind, from: script.registry.rootTitle, to: "Happiness")
    for t in [0, 0.25, 0.5, 0.75, 1] { _ = try frame(t) }
  }
}
