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
    return try movie(from: before, frameAt: try customAnimation(for: name), invoke: invoke)
  }

  /// Goes back as `back` does and returns the transition (nil when there was nothing to go
  /// back to): a pop, a dismissal or a tap outside a popover, each the reverse of its segue.
  public func backAnimated(invoke: Invoke) throws -> TransitionMovie? {
    let before = navigator
    guard back() else { return nil }
    return try movie(from: before, frameAt: nil, invoke: invoke)
  }

  /// The frames of the `segue_kind` that a tap of `name` performs, if its kind is one (a
  /// cross-fade for now); nil for the built-in kinds.
  func customAnimation(for name: String) throws -> ((Double) throws -> TransitionFrame)? {
    let registry = script.registry
    let identifier = registry.diagnosis(name)?.segue ?? name
    guard let kindName = registry.segue(identifier)?.kind.name(on: device),
      registry.kind(kindName) != nil
    else { return nil }
    let fade = Transition(.crossFade, width: 0, travel: 0)
    return { fade.frame(at: $0) }
  }
}
