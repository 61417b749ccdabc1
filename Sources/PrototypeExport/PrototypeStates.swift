import App
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Render
import Storyboard
import StoryboardCanvas

/// One screen of an exported prototype: what the page draws (the screen below and above
/// the focused face, the face at each happiness step) and where each click leads.
struct PrototypeState {
  var device: Device
  var orientation: Orientation
  var width: Double
  var height: Double
  /// The focused scene's title (the page shows it, and a test reads it).
  var title: String
  /// Fragments drawn under the face (the whole screen when no face is focused) and over it.
  /// Each a list of pieces (the status bar, a pane, the dimming), so a pane that many
  /// states show (the iPad's master) is stored once.
  var below: [Int]
  var above: [Int]
  var face: PrototypeFace?
  /// The menu buttons on screen and the edges a click on each takes (one per example input
  /// of a diagnosis that has examples; nil where that tap failed).
  var hits: [PrototypeHit] = []
  /// The back button's place in the bar, if the bar has one, and where going back leads.
  var backRect: Rect?
  var back: Int?
  /// The iPad's bar button in portrait (the master's popover), and the edge it takes.
  var barRect: Rect?
  var bar: Int?
  /// Where a click outside a popover leads (it dismisses it), and the popover's frame.
  var outside: Int?
  var popover: Rect?
  /// The state a quarter turn leads to.
  var rotate: Int?
  /// The state the menu scrolled a button on (and back) leads to.
  var scrollDown: Int?
  var scrollUp: Int?
}

/// The focused face: its content rect and the fragments of it across the happiness range.
struct PrototypeFace {
  var rect: Rect
  var happiness: Double
  var scale: Double
  /// The face as tapped, at its own happiness.
  var exact: Int
  /// The face at each of `Prototype.happinessSteps`.
  var steps: [Int]
}

/// A menu button on screen and the edges its click takes, with the inputs' labels.
struct PrototypeHit {
  var rect: Rect
  var name: String
  /// What the button reads (its title, as the page's chooser names it).
  var title: String
  var edges: [Int?]
  var inputs: [String]
}

/// A step from one state to another and the transition that shows it (nil: a cut).
struct PrototypeEdge {
  var to: Int
  var layers: [PrototypeLayer]?
}

/// A layer of a transition: a fragment, the window it moves in, its placings sampled.
struct PrototypeLayer {
  var fragment: Int
  var window: Rect?
  /// An index into the shared tracks; nil: it does not move.
  var track: Int?
  /// Whether the layer is the focused face of the state the edge leaves: the page draws
  /// the face as a drag and the wheel left it there, not as it was tapped.
  var isFace = false
}

/// Walks every state a person can reach by clicking (taps, back, the bar button, a tap
/// outside a popover, rotation, scrolling a menu) on the devices given, drawing each state,
/// its faces and its transitions once; pieces drawn the same are stored once.
final class PrototypeBuilder {
  let script: Script
  let work: HostWork
  private(set) var fragments: [String] = []
  private var fragmentIDs: [String: Int] = [:]
  private(set) var states: [PrototypeState] = []
  private var stateIDs: [String: Int] = [:]
  private(set) var edges: [PrototypeEdge] = []
  private(set) var tracks: [[Double]] = []
  private var trackIDs: [[Double]: Int] = [:]
  /// Taps that failed (a diagnosis whose function refuses the empty input): the page leaves
  /// their buttons inert, and the command says so.
  private(set) var warnings: [String] = []
  /// The state each device starts in.
  private(set) var starts: [(Device, Int)] = []
  /// Where each state is in its session, to explore it later.
  private var pending: [(id: Int, session: Session, at: Session.Checkpoint, scroll: Int)] = []
  /// How many states a prototype may hold: a storyboard of more is refused, not truncated.
  static let maxStates = 5000
  /// Samples of a transition's placings (as `--animate`'s).
  static let samples = SVGAnimation.defaultSamples

  /// Whether fragments are written as SVG: `check` draws every piece (a feature's Lua runs)
  /// but writes none, and then each drawing is a fragment of its own.
  let writes: Bool

  init(script: Script, work: HostWork, writes: Bool = true) {
    self.script = script
    self.work = work
    self.writes = writes
  }

  /// Explores the app on each device from its start in `orientation`.
  func explore(devices: [Device], orientation: Orientation) throws {
    // Refused before any screen is drawn when its declarations alone say it is too large.
    guard !Prototype.exceedsScreens(script) else { throw tooManyScreens() }
    for device in devices {
      let session = try Session(script: script, device: device, orientation: orientation)
      starts.append((device, try state(of: session)))
    }
    // A queue read from its front by index: removing the first of an array moves the rest.
    var first = 0
    while first < pending.count {
      let next = pending[first]
      first += 1
      // What was read goes at times, so the queue holds the states still to visit.
      if first >= 1024 && 2 * first >= pending.count {
        pending.removeFirst(first)
        first = 0
      }
      try work.check(at: walking)
      try visit(next.id, next.session, next.at, scroll: next.scroll)
    }
  }

  /// The refusal of a storyboard with more screens than a page holds.
  /// (Placed at the declaration past the limit, else at the script's first line.)
  private func tooManyScreens() -> Error {
    let past = script.registry.diagnoses.dropFirst(PrototypeBuilder.maxStates).first
    return sessionError(
      "the storyboard has more than \(PrototypeBuilder.maxStates) screens to export",
      at: past?.location ?? script.path + ":1")
  }

  /// The declaration whose button the walk clicked last: a limit met names it.
  private var walking = ""

  /// The id of the state `session` is in, recorded (and queued to explore) if new.
  private func state(of s: Session) throws -> Int {
    let key = stateKey(s)
    if let id = stateIDs[key] { return id }
    guard states.count < PrototypeBuilder.maxStates else { throw tooManyScreens() }
    let id = states.count
    states.append(try draw(s, try s.screenParts(s.navigator)))
    stateIDs[key] = id
    pending.append((id, s, s.checkpoint, s.menuScroll))
    return id
  }

  /// What makes two states the same: the navigation (every scene, its face and input, the
  /// presentations, the device and orientation), and what is not drawn but changes what a
  /// click does (the last diagnosis, the kinds that showed scenes, the menu's scroll).
  private func stateKey(_ s: Session) -> String {
    let kinds = s.animatedKinds.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.kind)" }
    return [
      readsDiagnosis(on: s.device) ? String(describing: s.diagnosis) : "",
      kinds.joined(separator: ","), String(s.menuScroll), String(describing: s.navigator),
    ].joined(separator: "\n")
  }

  /// Whether a button's segue can read the last diagnosis (its happiness function's
  /// `ctx.diagnosis`, or a segue_kind's perform): then two menus alike but for it differ.
  /// A diagnosis's own tap sets it before its segue runs.
  private func readsDiagnosis(on device: Device) -> Bool {
    if let known = readers[device] { return known }
    let registry = script.registry
    let reads = registry.segues.contains { segue in
      guard registry.isButton(segue) else { return false }
      if case .function? = segue.happiness { return true }
      return segue.kind.name(on: device).flatMap(registry.kind) != nil
    }
    readers[device] = reads
    return reads
  }
  private var readers: [Device: Bool] = [:]

  /// Every click from state `id`: the edges and the states they lead to.
  private func visit(_ id: Int, _ s: Session, _ at: Session.Checkpoint, scroll: Int) throws {
    func reset() {
      s.restore(at)
      s.menuScroll = scroll
    }
    var record = states[id]
    reset()
    // The face as drawn on this state, to find among a leaving transition's items.
    face = try record.face.flatMap { f in
      try s.focusedFace.map { try s.painter.items($0, in: f.rect) }
    }
    for (index, hit) in record.hits.enumerated() {
      // A limit met from here on names the declaration whose button is being clicked.
      let registry = script.registry
      walking =
        registry.diagnosis(hit.name)?.location ?? registry.segue(hit.name)?.location ?? walking
      try work.check(at: walking)
      var made: [Int?] = []
      let inputs = inputs(of: hit.name)
      // Columns the script gives no range are scaled over the examples (and text columns
      // given their levels), as check scales them.
      if let d = script.registry.diagnosis(hit.name) { s.scaleColumns(of: d, over: inputs) }
      defer { (s.columnRanges, s.columnMeans, s.columnLevels) = ([:], [:], [:]) }
      for input in inputs {
        reset()
        do {
          let edge = try s.tapAnimated(hit.name, input: input) { try self.edge(of: $0) }
          made.append(try add(edge, s))
        } catch let e as LuaError where e.kind != .timeLimit && e.kind != .memory {
          let given = input == .map([:]) ? "" : " with input \(luaText(input))"
          let warning = "\(e) (exporting: tapping '\(hit.name)'\(given))"
          // The same tap fails alike from many screens: said once.
          if !warnings.contains(warning) { warnings.append(warning) }
          made.append(nil)
        }
      }
      record.hits[index].edges = made
    }
    reset()
    let before = s.navigator
    // Going back is offered wherever there is somewhere to go (a modal has no back button
    // in its bar: the page's own Back goes there, as `s:back()` does).
    if s.back() {
      let step = try add(try self.edge(of: try s.transition(from: before, tapped: nil)), s)
      record.back = step
      if before.isShowingPopover || before.masterIsInPopover { record.outside = step }
    }
    if record.barRect != nil, !before.masterIsInPopover {
      reset()
      if (try? s.showMaster()) != nil {
        record.bar = try add(try self.edge(of: try s.transition(from: before, tapped: nil)), s)
      }
    }
    reset()
    s.rotate()
    record.rotate = try state(of: s)
    reset()
    if let menu = s.frontMenu {
      // The menu's scroll is the session's; it scrolls as far as the buttons go.
      let layout = s.menuLayout(height: menu.rect.height, count: s.menuButtons(of: menu.name).count)
      if layout.offset < layout.maxOffset {
        s.menuScroll = layout.offset + 1
        record.scrollDown = try state(of: s)
      }
      reset()
      if layout.offset > 0 {
        s.menuScroll = layout.offset - 1
        record.scrollUp = try state(of: s)
      }
    }
    states[id] = record
  }

  /// The inputs a tap of `name` is offered: a diagnosis's examples, else the empty table.
  private func inputs(of name: String) -> [LuaValue] {
    let examples = script.registry.diagnosis(name)?.examples ?? []
    return examples.isEmpty ? [.map([:])] : examples
  }

  /// The edge to the state `s` is in now, shown by `layers`.
  private func add(_ layers: [PrototypeLayer]?, _ s: Session) throws -> Int {
    let to = try state(of: s)
    edges.append(PrototypeEdge(to: to, layers: layers))
    return edges.count - 1
  }

  /// A transition's layers as fragments and shared tracks; nil for a cut.
  private func edge(of movie: TransitionMovie) throws -> [PrototypeLayer]? {
    if movie.style == .cut { return nil }
    let drawn = try movie.drawn.get()
    let n = PrototypeBuilder.samples
    let frames = try (0..<n).map { try movie.placements(at: Double($0) / Double(n - 1)) }
    let (w, h) = (drawn.last.width, drawn.last.height)
    return drawn.layers.flatMap { whole in
      faceSplit(whole).compactMap { (items, isFace) in
        layer(items, whole, frames, w, h, isFace: isFace)
      }
    }
  }

  /// The focused face of the state being visited, as its screen draws it (nil: none).
  private var face: [Item]?

  /// A layer's items cut where they hold the visited state's face, the face apart.
  private func faceSplit(_ layer: TransitionLayer) -> [([Item], Bool)] {
    let items = layer.items
    guard let face, !face.isEmpty, items.count >= face.count else { return [(items, false)] }
    for i in 0...(items.count - face.count) where items[i] == face[0] {
      if Array(items[i..<(i + face.count)]) == face {
        return [
          (Array(items[..<i]), false), (face, true), (Array(items[(i + face.count)...]), false),
        ]
      }
    }
    return [(items, false)]
  }

  /// One layer of an edge: its fragment, window and shared track (nil: nothing to draw).
  private func layer(
    _ items: [Item], _ layer: TransitionLayer, _ frames: [TransitionFrame], _ w: Double,
    _ h: Double, isFace: Bool
  ) -> PrototypeLayer? {
    guard let fragment = fragment(items, w, h) else { return nil }
    let placings = frames.map(layer.placing)
    guard placings.contains(where: { !$0.isIdentity }) else {
      return PrototypeLayer(fragment: fragment, window: layer.window, track: nil, isFace: isFace)
    }
    var track: [Double] = []
    for p in placings { track += [p.dx, p.dy, p.scale, p.anchor.x, p.anchor.y, p.opacity] }
    track = track.map { ($0 * 100).rounded() / 100 }
    let index: Int
    if let known = trackIDs[track] {
      index = known
    } else {
      index = tracks.count
      tracks.append(track)
      trackIDs[track] = index
    }
    return PrototypeLayer(fragment: fragment, window: layer.window, track: index, isFace: isFace)
  }

  /// The fragment of `items` on a screen `w`×`h` (nil: nothing to draw), stored once.
  private func fragment(_ items: [Item], _ w: Double, _ h: Double) -> Int? {
    guard !items.isEmpty else { return nil }
    guard writes else {
      fragments.append("")
      return fragments.count - 1
    }
    let d = Drawing(width: w, height: h, title: nil, background: nil, items: items)
    let key = SVGRenderer.render(d)
    if let id = fragmentIDs[key] { return id }
    let id = fragments.count
    // Ids (clips, gradients) are the fragment's own: fragments share one HTML document.
    if key.containsText(" id=\"") {
      var out: [UInt8] = []
      SVGRenderer.append(d, to: &out, idPrefix: "f\(id)-")
      fragments.append(String(decoding: out, as: UTF8.self))
    } else {
      fragments.append(key)
    }
    fragmentIDs[key] = id
    return id
  }

  /// State `s` drawn: the screen split at the focused face, the face at every step, and
  /// the places of what a click can hit (edges are found later, by `visit`).
  private func draw(_ s: Session, _ parts: ScreenParts) throws -> PrototypeState {
    let nav = s.navigator
    let layout = nav.layout()
    var faceIndex: Int?
    if s.focusedFace != nil {
      faceIndex = parts.panes.lastIndex { $0.role == nav.focusRole }
    }
    var below: [Int] = []
    var above: [Int] = []
    var passed = false
    func add(_ items: [Item]) {
      guard let piece = fragment(items, parts.width, parts.height) else { return }
      if passed { above.append(piece) } else { below.append(piece) }
    }
    add(parts.statusBar)
    for (i, pane) in parts.panes.enumerated() {
      if i == parts.firstPresented { add(parts.divider + parts.dim) }
      if i == faceIndex {
        add(pane.chrome + pane.barChrome + pane.bar)
        passed = true
      } else {
        add(pane.items)
      }
    }
    if parts.firstPresented >= parts.panes.count { add(parts.divider) }
    var state = PrototypeState(
      device: nav.device, orientation: nav.orientation, width: parts.width,
      height: parts.height, title: statusTitle(nav, layout), below: below, above: above)
    if let i = faceIndex, let f = s.focusedFace {
      let rect = parts.panes[i].content
      func drawn(_ face: FaceScene) throws -> Int {
        fragment(try s.painter.items(face, in: rect), parts.width, parts.height) ?? -1
      }
      var steps: [Int] = []
      for h in Prototype.happinessSteps {
        var g = f
        try g.face.setHappiness(h)
        steps.append(try drawn(g))
      }
      let step = Prototype.happinessSteps.firstIndex(of: f.face.happiness)
      state.face = PrototypeFace(
        rect: rect, happiness: f.face.happiness, scale: f.face.scale,
        exact: try step.map { steps[$0] } ?? drawn(f), steps: steps)
    }
    state.hits = hits(s, layout)
    let chrome = ScreenChrome(
      layout, device: nav.device, orientation: nav.orientation, language: s.script.registry.language
    )
    if let pane = chrome.panes.last(where: { $0.role == nav.focusRole }), pane.backTitle != nil,
      let b = pane.navigationBar
    {
      state.backRect = Rect(
        x: b.x + ScreenChrome<SceneContent>.backInset, y: b.y, width: pane.backWidth,
        height: b.height)
    }
    state.barRect = nav.barButton?.rect
    if nav.isShowingPopover || nav.masterIsInPopover { state.popover = layout.panes.last?.frame }
    return state
  }

  /// What the page's status line names: the focused scene's title, else (the iPad's empty
  /// detail, focused at start and again when a popover goes) the frontmost titled pane's,
  /// else (portrait, the master hidden) the bar button's, which names the master.
  private func statusTitle(
    _ nav: Navigator<SceneContent>, _ layout: ScreenLayout<SceneContent>
  ) -> String {
    if !nav.focus.title.isEmpty { return nav.focus.title }
    let pane = layout.panes.reversed().lazy.compactMap { $0.scene?.title }.first { !$0.isEmpty }
    return pane ?? nav.barButton?.title ?? ""
  }

  /// The menu buttons a click reaches, frontmost first (a popover's alone while one shows:
  /// a click elsewhere dismisses it).
  private func hits(_ s: Session, _ layout: ScreenLayout<SceneContent>) -> [PrototypeHit] {
    let nav = s.navigator
    let popover = nav.isShowingPopover || nav.masterIsInPopover
    var hits: [PrototypeHit] = []
    for (i, pane) in layout.panes.enumerated().reversed() {
      guard case .menu(let name)? = pane.scene?.content, s.isReachable(name) else { continue }
      if popover && i != layout.panes.count - 1 { continue }
      let buttons = s.menuButtons(of: name)
      let c = pane.contentRect
      let menu = s.menuLayout(height: c.height, count: buttons.count)
      for index in menu.shown where !hits.contains(where: { $0.name == buttons[index].name }) {
        let inputs = script.registry.diagnosis(buttons[index].name)?.examples ?? []
        hits.append(
          PrototypeHit(
            rect: Session.menuRow(menu.slot(of: index), in: c), name: buttons[index].name,
            title: buttons[index].title, edges: [], inputs: inputs.map(luaText)))
      }
    }
    return hits
  }
}
