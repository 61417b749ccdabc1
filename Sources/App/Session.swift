import Channels
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Render
import Storyboard

/// What a scene shows: a menu of buttons (nil: the root menu, else a `menu` by name), a
/// face, or nothing yet (the iPad's first detail).
public enum SceneContent {
  case menu(String?)
  case face(FaceScene)
  case empty
}

/// A face on a scene: its state, its style and the features only it draws.
public struct FaceScene {
  /// Happiness, scale and expression.
  public var face: FaceState
  /// The proportions and colour.
  public var style: FaceStyle
  /// Features named by the diagnosis that led here.
  public var features: [String]
  /// The row (the tap's input) the diagnosis was given: features read it as `face.input`.
  public var input: LuaValue = .nil
}

/// An error in a session, thrown as a script error: located at `location` when a
/// declaration is at fault, else at the Lua line that called.
package func sessionError(_ message: String, at location: SourceLocation? = nil) -> LuaError {
  LuaError(kind: .runtime, location: location, message: message)
}

/// The headless app: the storyboard's navigation plus the faces on its scenes, driven as a
/// person drives the seed app (tap, perform, pan, pinch, rotate, back).
public final class Session {
  /// The script whose declarations the session uses.
  public unowned let script: Script
  /// The navigation state.
  public private(set) var navigator: Navigator<SceneContent>
  /// The last diagnosis value set by a tap (the seed's `diagnosis` property).
  public private(set) var diagnosis: Double?
  /// Column ranges found in the data (a batch's scan) or given by `--ranges`: they scale
  /// the diagnoses' `channels` before the ranges a script declares.
  public var columnRanges: [String: ColumnRange] = [:]
  /// How far the menu is scrolled, in buttons, when it holds more than fit (see
  /// `MenuLayout`; each drawer clamps it to the scrolling it has).
  public var menuScroll = 0
  /// The theme this session draws in (`session { theme = … }`); nil: the script's
  /// (`--theme`, else `ios6`).
  public var themeName: String? { didSet { takeThemeLayout() } }
  /// Column means that `missing = "mean"` draws (check: the examples').
  public var columnMeans: [String: Double] = [:]
  /// The levels of text columns (check's examples): see `Evaluator.columnLevels`.
  public var columnLevels: [String: [String]] = [:]
  /// Draws the faces of the session's scenes (and owns their pen strokes' memory charge).
  public let painter: Painter
  /// The segue_kind whose transition showed the scene at each depth of `stack` (title and
  /// kind), so going back from it runs its animation in reverse.
  package var animatedKinds: [Int: (title: String, kind: String)] = [:]
  /// The menu button the last popover hangs from, to hang it from the same button where
  /// a rotation puts it.
  public internal(set) var popoverButton: String?
  /// The state charged for this session's host memory when a script made it (weak: the
  /// state may close first, and then owes nothing).
  package weak var chargedTo: LuaState?
  /// The buttons of each menu, found for the registry's revision (`menuButtons(of:)`).
  var menuButtonsFound: (revision: Registry.Revision?, buttons: [String?: [MenuButton]]) = (
    nil, [:]
  )
  /// Bytes a session and its scenes hold in the host (measured: about 700).
  package static let hostBytes = 1024

  deinit { chargedTo?.uncharge(Session.hostBytes) }

  /// What a step changes (the scenes on screen and the last diagnosis), to put back when
  /// its result cannot be shown: `play` keeps the scene before a failed tap or draw.
  public struct Checkpoint {
    fileprivate let navigator: Navigator<SceneContent>
    fileprivate let diagnosis: Double?
    fileprivate let animatedKinds: [Int: (title: String, kind: String)]
    fileprivate let popoverButton: String?
  }

  /// The session's state now, for `restore`.
  public var checkpoint: Checkpoint {
    Checkpoint(
      navigator: navigator, diagnosis: diagnosis, animatedKinds: animatedKinds,
      popoverButton: popoverButton)
  }

  /// Puts back the state of `checkpoint` (the script's Lua state stays as it is).
  public func restore(_ checkpoint: Checkpoint) {
    navigator = checkpoint.navigator
    diagnosis = checkpoint.diagnosis
    animatedKinds = checkpoint.animatedKinds
    popoverButton = checkpoint.popoverButton
  }

  /// Runs a step whole or not at all: a custom kind's perform may navigate before it fails,
  /// and a script that catches the error (or `play`, which shows it) must find the session
  /// as it was before the step.
  func atomically<T>(_ step: () throws -> T) throws -> T {
    let before = checkpoint
    do { return try step() } catch {
      restore(before)
      throw error
    }
  }

  /// The root menu's title in the seed's storyboard (a script's `app { title = … }`
  /// names its own: `Registry.rootTitle`).
  public static var menuTitle: String { Registry.seedTitle }

  /// A session on `device`; the script's declarations must be valid for it.
  public init(script: Script, device: Device, orientation: Orientation) throws {
    self.script = script
    try script.requireValid(on: device)
    navigator = Session.start(device, orientation, script.registry.rootTitle)
    painter = Painter(script: script)
    takeThemeLayout()
  }

  /// A session that trusts the declarations: `check` reports their problems itself and
  /// still runs the declarations that have none.
  package init(checking script: Script, device: Device, orientation: Orientation) {
    self.script = script
    navigator = Session.start(device, orientation, script.registry.rootTitle)
    painter = Painter(script: script)
    takeThemeLayout()
  }

  /// Gives the navigator the sizes of the theme's look that place things: a popover's arrow
  /// and frame are the gap between the popover and its button.
  private func takeThemeLayout() {
    let t = theme
    navigator.popoverArrowSize = Size(width: t.popoverArrowWidth, height: t.popoverArrowHeight)
    navigator.popoverFrameInset = t.popoverFrame
  }

  /// The app as it starts: the root menu titled `title`, and on an iPad an empty detail.
  private static func start(
    _ device: Device, _ orientation: Orientation, _ title: String
  ) -> Navigator<SceneContent> {
    Navigator(
      device: device, orientation: orientation,
      root: Scene(title: title, content: .menu(nil)),
      detail: device.isPad ? Scene(title: "", content: .empty) : nil)
  }

  /// Back to how the session started, on the same device and orientation (`check` taps
  /// every diagnosis from the start, on one session).
  public func restart() {
    navigator = Session.start(
      navigator.device, navigator.orientation, navigator.navigationStack[0].title)
    takeThemeLayout()
    diagnosis = nil
    menuScroll = 0
    if !animatedKinds.isEmpty { animatedKinds = [:] }
  }

  // MARK: Reading the state

  /// The face on the focused scene, if it shows one.
  public var focusedFace: FaceScene? {
    if case .face(let f) = navigator.focus.content { return f }
    return nil
  }

  /// Happiness of the focused face (nil on the menu).
  public var happiness: Double? { focusedFace?.face.happiness }
  /// Scale of the focused face (nil on the menu).
  public var scale: Double? { focusedFace?.face.scale }
  /// The focused scene's title.
  public var sceneTitle: String { navigator.focus.title }
  /// The titles of what is on screen, from the root outwards; the iPad's detail is left
  /// out while it shows nothing (before anything is shown there), as it has no title.
  public var stack: [String] {
    if let detail = navigator.detail, case .empty = detail.content {
      return navigator.navigationStack.map(\.title) + navigator.presented.map(\.title)
    }
    return navigator.stack
  }
  /// The device.
  public var device: Device { navigator.device }
  /// The orientation.
  public var orientation: Orientation { navigator.orientation }

  // MARK: Gestures

  /// Taps a diagnosis button: computes its happiness and performs its segue, as the seed's
  /// `setAndShowDiagnosis:` does; when that fails, the session is as before.
  public func tap(_ name: String, input: LuaValue = .map([:])) throws {
    try atomically { try tapPartly(name, input: input) }
  }

  /// Taps button `name`, or performs it when it is a manual segue (on no menu): what
  /// `show NAME`, `s:animate` and `s:frames` do with a name.
  public func tapOrPerform(_ name: String, input: LuaValue = .map([:])) throws {
    let registry = script.registry
    if registry.diagnosis(name) == nil, let segue = registry.segue(name),
      !registry.isButton(segue)
    {
      try perform(name)
    } else {
      try tap(name, input: input)
    }
  }

  private func tapPartly(_ name: String, input: LuaValue) throws {
    guard let d = script.registry.diagnosis(name) else {
      if script.registry.segue(name) != nil {
        try requireMenu(name)
        return try performPartly(name)
      }
      let all = allButtons
      throw sessionError(
        "no diagnosis '\(name)'\(suggestion(name, all)) \(listing("buttons", all, none: "the menu has none"))"
      )
    }
    try requireMenu(name)
    let evaluator = self.evaluator
    let diagnosed = try evaluator.diagnose(d, input: input)
    // The seed's property changes as the tap diagnoses, before its segue runs (whose Lua
    // may read it).
    diagnosis = diagnosed.value
    try navigate(to: try evaluator.landing(of: diagnosed, by: d))
  }

  /// Performs a segue by identifier: a button's from its menu, which must be on screen;
  /// a manual one (`button = false`, `showDiagnosis`) from wherever the app is, as code
  /// performs it. When that fails, the session is as before.
  public func perform(_ identifier: String) throws {
    try atomically { try performPartly(identifier) }
  }

  private func performPartly(_ identifier: String) throws {
    let evaluator = self.evaluator
    let segue = try evaluator.segue(identifier)
    if script.registry.isButton(segue) { try requireMenu(identifier) }
    try navigate(
      to: try evaluator.landing(segue, from: nil, diagnosis: diagnosis, expression: nil))
  }

  /// What taps evaluate to on this session's device and orientation, with its column
  /// ranges, before it navigates.
  public var evaluator: Evaluator {
    // Made at each tap, not kept: an evaluator holds its script, and a session a script's
    // Lua holds would then keep the script (and its state) alive in a cycle.
    let e = Evaluator(
      script: script, device: device, orientation: orientation, columnRanges: columnRanges)
    e.columnMeans = columnMeans
    e.columnLevels = columnLevels
    return e
  }

  /// Navigates to `landing` as the tap it was evaluated from does (its button must be
  /// tappable: the menu is on screen); when that fails, the session is as before.
  public func apply(_ landing: Landing) throws {
    try atomically {
      try requireMenu(landing.button)
      try navigate(to: landing)
    }
  }

  /// Shows `landing`'s scene as its kind does (a built-in kind through the navigator, a
  /// custom one through its Lua `perform`) and notes the diagnosis it made.
  package func navigate(to landing: Landing) throws {
    if let value = landing.diagnosis { diagnosis = value }
    let segue = landing.segue
    let depth = navigator.depth
    switch landing.kind {
    case .builtin(let builtin):
      if builtin == .popover { popoverButton = landing.button }
      do {
        try navigator.perform(
          builtin, landing.scene, popoverSize: segue.size,
          anchor: builtin == .popover ? anchor(ofButton: landing.button) : nil)
      } catch StoryboardError.kindNotOnDevice(let kind, let device, _) {
        throw sessionError(
          "segue '\(segue.identifier)': \(kindMissing(kind, on: device))", at: segue.location)
      } catch {
        throw sessionError("segue '\(segue.identifier)': \(error)", at: segue.location)
      }
      rememberKind(nil, above: depth)
    case .custom(let custom, let perform):
      try performCustom(
        custom, perform, landing.scene, ctx: landing.context, segue: segue,
        button: landing.button)
      rememberKind(custom.name, above: depth)
    }
  }

  /// Notes which segue_kind (nil: a built-in one) showed the scene now on top, however the
  /// step was taken (a script's tap, a replay), so going back from it runs the kind's
  /// animation reversed; what sat above `depth`, the top before the step, is gone.
  private func rememberKind(_ kind: String?, above depth: Int) {
    // A built-in kind with nothing noted (most taps): no dictionary work.
    guard kind != nil || !animatedKinds.isEmpty else { return }
    let top = navigator.depth
    animatedKinds = animatedKinds.filter { $0.key <= depth && $0.key != top }
    if let kind { animatedKinds[top] = (navigator.focus.title, kind) }
  }

  /// Runs a `segue_kind`'s Lua `perform(nav, scene, ctx)`; it must show the scene somehow.
  private func performCustom(
    _ kind: CustomKind, _ perform: LuaReference, _ scene: Scene<SceneContent>, ctx: LuaValue,
    segue: Segue, button: String? = nil
  ) throws {
    let nav = NavigationHandle(session: self, scene: scene, size: segue.size, button: button)
    let navValue = try script.state.userdata(nav)
    // A nav is valid only while its perform runs, however perform ends: one it stored and
    // uses later (after it failed, too) refuses.
    defer { nav.session = nil }
    _ = try script.state.call(
      perform, [navValue, .map(["title": .text(scene.title)]), ctx], declaredAt: kind.location)
    if let failure = nav.failure { throw failure }
    if nav.operations == 0 {
      throw sessionError(
        "segue_kind '\(kind.name)' performed nothing\(segue.identifier.isEmpty ? "" : " for segue '\(segue.identifier)'"): its perform must call nav:push, nav:present, nav:popover or nav:replace",
        at: kind.location)
    }
  }

  /// Performs a `segue_kind` that no segue uses, as one would (`check` runs every kind).
  func perform(kind: CustomKind) throws {
    guard let perform = kind.perform else { return }
    let style = script.registry.globalStyle
    let face = try FaceState(happiness: 50, scale: style.scale)
    let scene = Scene<SceneContent>(
      title: "Happiness", content: .face(FaceScene(face: face, style: style, features: [])))
    let segue = Segue(
      identifier: "", kind: .same(kind.name), location: kind.location, plugin: kind.plugin)
    try performCustom(
      kind, perform, scene, ctx: evaluator.context(kind.name, diagnosis: diagnosis), segue: segue)
  }

  /// Runs one navigation operation for a custom kind; a popover hangs from `button`.
  package func navigate(
    _ op: NavigationOperation, _ scene: Scene<SceneContent>, size: Size?, button: String? = nil
  ) throws {
    do {
      switch op {
      case .push: try navigator.push(scene)
      case .present: try navigator.present(scene)
      case .popover:
        popoverButton = button
        try navigator.popover(scene, size: size, anchor: button.flatMap(anchor(ofButton:)))
      case .replace: try navigator.replace(scene)
      case .dismiss: _ = navigator.dismiss()
      case .pop: _ = navigator.pop()
      }
    } catch {
      // Every operation throws a StoryboardError only.
      throw sessionError("nav:\(op.rawValue): \(error)")
    }
  }

  /// Changes the focused face; an error when the focus shows no face.
  private func updateFace(
    _ what: String, _ value: Double, _ change: (inout FaceState) throws(FaceError) -> Void
  ) throws {
    guard focusedFace != nil else {
      throw sessionError("cannot \(what): no face on screen (showing '\(sceneTitle)')")
    }
    var failure: FaceError?
    navigator.updateFocus { scene in
      guard case .face(var f) = scene.content else { return }
      do throws(FaceError) { try change(&f.face) } catch { failure = error }
      scene.content = .face(f)
    }
    if case .nonFinite(let name) = failure {
      // The face's error cannot hold the value; the script's author needs it.
      throw sessionError("\(what): \(name) must be a finite number, got \(formatNumber(value))")
    }
    if let failure { throw sessionError("\(what): \(failure)") }
  }

  /// A vertical pan by `dy` points: happiness −= dy/2.
  public func pan(_ dy: Double) throws {
    try updateFace("pan", dy) { f throws(FaceError) in try f.pan(dy) }
  }
  /// A pinch: scale *= factor.
  public func pinch(_ factor: Double) throws {
    try updateFace("pinch", factor) { f throws(FaceError) in try f.pinch(factor) }
  }
  /// Sets the focused face's happiness (clamped), as the seed's property does.
  public func setHappiness(_ h: Double) throws {
    try updateFace("set happiness", h) { f throws(FaceError) in try f.setHappiness(h) }
  }
  /// Sets the focused face's scale.
  public func setScale(_ s: Double) throws {
    try updateFace("set scale", s) { f throws(FaceError) in try f.setScale(s) }
  }
  /// Turns the device a quarter turn; a popover shown stays, hanging from its button where
  /// the new orientation shows it (in portrait the master's buttons are hidden: from the
  /// bar button that reveals them).
  public func rotate() {
    navigator.rotate()
    if navigator.popoverAnchor != nil, let b = popoverButton {
      navigator.reanchorPopover(anchor(ofButton: b))
    }
  }
  /// Taps the detail's bar button on an iPad in portrait: the master (the menu, or what
  /// was pushed on it) shows in a popover hanging from it. An error where there is no such
  /// button (an iPhone, landscape, a modal in front).
  public func showMaster() throws {
    guard !navigator.masterIsInPopover else { return }
    guard navigator.showMaster() else {
      let why =
        !device.isPad
        ? "an \(device.rawValue) has no split view"
        : orientation == .landscape
          ? "in landscape the master is always on screen"
          : "a modal ('\(sceneTitle)') covers the screen; call back() first"
      throw sessionError("cannot show the master: \(why)")
    }
  }
  /// Pops or dismisses; false when there is nothing to go back to.
  @discardableResult public func back() -> Bool { navigator.back() }
}

/// `nav` in a custom kind's `perform(nav, scene, ctx)`.
package final class NavigationHandle {
  package var session: Session?
  let scene: Scene<SceneContent>
  let size: Size?
  /// The menu button tapped, which a popover hangs from.
  let button: String?
  var operations = 0
  var failure: Error?

  init(session: Session, scene: Scene<SceneContent>, size: Size?, button: String?) {
    self.session = session
    self.scene = scene
    self.size = size
    self.button = button
  }

  /// Runs `op` on the session's storyboard, `size` for a popover's content (nil: the
  /// segue's); an error once the segue has finished.
  package func perform(_ op: NavigationOperation, size: Size?) throws {
    guard let session else {
      throw sessionError(
        "nav:\(op.rawValue) called after the segue finished (a nav is valid only while its perform runs)"
      )
    }
    try session.navigate(op, scene, size: size ?? self.size, button: button)
    // Only showing the scene counts: a kind that just pops or dismisses showed nothing.
    if op.showsScene { operations += 1 }
  }
}

/// What a custom kind's `nav` can do with the scene it is given.
public enum NavigationOperation: String, CaseIterable, Sendable {
  case push, present, popover, replace, dismiss, pop

  /// Whether it shows the scene (dismiss and pop only go back).
  public var showsScene: Bool { self != .dismiss && self != .pop }
}
