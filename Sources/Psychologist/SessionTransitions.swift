import LuaHost
import Storyboard

extension Session {
  /// Taps `name` as `tap` does and returns how the screen changed: the transition that the
  /// segue's kind animates (frames, or one animated SVG).
  public func tapAnimated(_ name: String, input: LuaValue = .map([:]), invoke: Invoke) throws
    -> TransitionMovie
  {
    let before = navigator
    try tap(name, input: input, invoke: invoke)
    return try transition(from: before, tapped: name, invoke: invoke)
  }

  /// How the screen changed from `before` to now, after a tap of `tapped` (nil: another
  /// step, such as going back): what `play` animates after each step.
  public func transition(
    from before: Navigator<SceneContent>, tapped: String?, invoke: Invoke
  ) throws -> TransitionMovie {
    let frames = tapped.flatMap(customKind).map {
      self.frames(of: $0, from: before.focus.title, to: navigator.focus.title)
    }
    return try movie(from: before, frameAt: frames, invoke: invoke)
  }

  /// Goes back as `back` does and returns the transition (nil when there was nothing to go
  /// back to): a pop, a dismissal or a tap outside a popover, each the reverse of its segue.
  public func backAnimated(invoke: Invoke) throws -> TransitionMovie? {
    let before = navigator
    guard back() else { return nil }
    return try movie(from: before, frameAt: nil, invoke: invoke)
  }

  /// The `segue_kind` that a tap of `name` performs, if its kind is one.
  func customKind(for name: String) -> CustomKind? {
    let registry = script.registry
    let identifier = registry.diagnosis(name)?.segue ?? name
    return registry.segue(identifier)?.kind.name(on: device).flatMap(registry.kind)
  }
}
