import Declarations
import Files
import LuaHost
import Readable
import Render
import Storyboard

extension Session {
  /// Taps `name` as `tap` does (a manual segue: performs it) and returns how the screen changed: the transition that the
  /// segue's kind animates (frames, or one animated SVG). The movie draws its screens when
  /// asked: to undo the tap when that drawing fails, draw inside `tapAnimated(_:input:_:)`.
  public func tapAnimated(_ name: String, input: LuaValue = .map([:])) throws -> TransitionMovie {
    try tapAnimated(name, input: input) { $0 }
  }

  /// Taps `name` and hands the transition to `use`, which draws what it needs: when the tap
  /// or that drawing fails (a kind's `animate`, a feature's `draw`), the tap is undone.
  public func tapAnimated<T>(
    _ name: String, input: LuaValue = .map([:]), _ use: (TransitionMovie) throws -> T
  ) throws -> T {
    try atomically {
      let before = navigator
      try tapOrPerform(name, input: input)
      return try use(try transition(from: before, tapped: name))
    }
  }

  /// How the screen changed from `before` to now, after a tap of `tapped` (nil: another
  /// step, such as going back): what `play` animates after each step.
  public func transition(
    from before: Navigator<SceneContent>, tapped: String?
  ) throws -> TransitionMovie {
    // The kind's Lua runs while frames are drawn, later, on the thread running then (the
    // state tracks it): a session method uses the movie before it returns.
    var kind = tapped.flatMap(customKind)
    if tapped == nil, let shown = animatedKinds[before.depth],
      shown.title == before.focus.title, navigator.depth < before.depth
    {
      // Back from a scene a segue_kind showed (the tap noted it): its animation, reversed.
      kind = script.registry.kind(shown.kind)
    }
    // "from" is the presenting screen, also when going back.
    let (from, to) =
      tapped == nil
      ? (navigator.focus.title, before.focus.title)
      : (before.focus.title, navigator.focus.title)
    let frames = kind.map { self.frames(of: $0, from: from, to: to) }
    return try movie(from: before, frameAt: frames, movesBars: kind?.movesBars ?? true)
  }

  /// The `segue_kind` that a tap of `name` performs, if its kind is one.
  func customKind(for name: String) -> CustomKind? {
    let registry = script.registry
    let identifier = registry.diagnosis(name)?.segue ?? name
    return registry.segue(identifier)?.kind.name(on: device).flatMap(registry.kind)
  }

  /// `s:animate(name [, input])`: taps `name` and returns the transition as one animated SVG.
  package static func luaAnimate(_ s: Session, _ call: inout LuaCall) throws {
    guard let name = call.string(2) else { throw sessionError("animate needs a button name") }
    let input = try call.value(3)
    let work = HostWork(during: s.script.state, at: call.location)
    let svg = try s.tapAnimated(name, input: input == .nil ? .map([:]) : input) {
      try $0.animatedSVG(work: work)
    }
    try svg.withUnsafeBytes { try call.push(bytes: $0) }
  }

  /// `s:frames(name, n [, input])`: taps `name` and returns the transition as a list of `n`
  /// SVG documents (2…1000), the first the screen before, the last the screen after.
  package static func luaFrames(_ s: Session, _ call: inout LuaCall) throws {
    guard let name = call.string(2) else {
      throw sessionError("frames needs a button name and a count of frames")
    }
    guard let n = call.number(3), n.isFinite, n >= 2, n <= 1000, n == n.rounded() else {
      let got = call.number(3).map(formatNumber) ?? call.typeName(3)
      throw sessionError("frames needs a whole count from 2 to 1000, got \(got)")
    }
    let input = try call.value(4)
    // The frames are the host's until pushed: each is charged to the memory limit, and the
    // clock is read between them, so many frames of a busy screen stop at either limit.
    var svgs: [LuaValue] = []
    var held = 0
    defer { s.script.state.uncharge(held) }
    try s.tapAnimated(name, input: input == .nil ? .map([:]) : input) { movie in
      try movie.eachFrame(Int(n)) { _, frame in
        try call.checkDeadline()
        let svg = SVGRenderer.render(frame)
        try call.charge(svg.utf8.count)
        held += svg.utf8.count
        svgs.append(.text(svg))
      }
    }
    // Pushed, they are Lua's strings, which its allocator counts.
    s.script.state.uncharge(held)
    held = 0
    try call.push(.array(svgs))
  }
}
