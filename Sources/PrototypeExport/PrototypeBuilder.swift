import App
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Render
import Storyboard

/// The page's states and steps: walks every screen a person can reach by clicking on the
/// devices given (`Reach.Screens`, which says when two screens are the same), drawing each
/// state, its faces and the transitions of its clicks once; pieces drawn the same are
/// stored once. A state is not how far a menu is scrolled: the page draws each menu at its
/// own scroll from buttons drawn once (`PrototypeMenu`), so a menu of 1,000 buttons is one
/// screen, not one a scroll position.
final class PrototypeBuilder {
  let script: Script
  let work: HostWork
  private(set) var fragments: [String] = []
  private var fragmentIDs: [String: Int] = [:]
  private(set) var states: [PrototypeState] = []
  private(set) var edges: [PrototypeEdge] = []
  private(set) var tracks: [[Double]] = []
  private var trackIDs: [[Double]: Int] = [:]
  /// The menus the states show, each drawn once for its place on the screen.
  private(set) var menus: [PrototypeMenu] = []
  private var menuIDs: [String: Int] = [:]
  /// Taps that failed (a diagnosis whose function refuses the empty input): the page leaves
  /// their buttons inert, and the command says so.
  private(set) var warnings: [String] = []
  /// The state each device starts in.
  private(set) var starts: [(Device, Int)] = []
  /// The walk of every screen (`Reach.Screens`): each state is one of its screens.
  private let screens: Reach.Screens
  /// The bytes charged to the memory limit for what the page will hold: its fragments, its
  /// states and its edges (the screens still to visit are the walk's).
  private var charged = 0
  /// Samples of a transition's placings (as `--animate`'s).
  static let samples = SVGAnimation.defaultSamples

  /// Whether fragments are written as SVG: `check` draws every piece (a feature's Lua runs)
  /// but writes none, and then each drawing is a fragment of its own.
  let writes: Bool

  init(script: Script, work: HostWork, writes: Bool = true) {
    self.script = script
    self.work = work
    self.writes = writes
    screens = Reach.Screens(work: work)
  }

  deinit { work.release(charged) }

  /// Counts `bytes` the walk keeps against the memory limit, at the declaration it is at.
  private func charge(_ bytes: Int) throws {
    try work.charge(bytes, at: walking)
    charged += bytes
  }

  /// Explores the app on each device from its start in `orientation`.
  func explore(devices: [Device], orientation: Orientation) throws {
    for device in devices {
      let session = try Session(script: script, device: device, orientation: orientation)
      starts.append((device, try state(of: session)))
    }
    try screens.walk(visit)
  }

  /// The declaration whose button the walk clicked last: a limit met names it.
  private(set) var walking: SourceLocation {
    get { screens.place }
    set { screens.place = newValue }
  }

  /// The id of the state `session` is in, drawn if new.
  private func state(of s: Session) throws -> Int {
    try screens.id(of: s) { s in
      let state = try draw(s, try s.screenParts(s.navigator))
      try charge(state.bytes)
      states.append(state)
    }
  }

  /// Every click from `screen`: the edges and the states they lead to.
  private func visit(_ screen: Reach.Screens.Screen) throws {
    let (id, s, at, scroll) = (screen.id, screen.session, screen.checkpoint, screen.scroll)
    var record = states[id]
    let reset = screen.reset
    // The face as drawn on this state, to find among a leaving transition's items.
    face = try record.face.flatMap { f in
      try s.focusedFace.map { try s.painter.items($0, in: f.rect) }
    }
    // A button on two menus on screen does the same wherever it is clicked.
    var clicked: [String: PrototypeButtonEdges] = [:]
    for (m, hits) in record.menus.enumerated() {
      let menu = menus[hits.menu]
      record.menus[m].buttons = try menu.names.indices.map { index in
        if let known = clicked[menu.names[index]] { return known }
        let edges = try click(index, of: menu, s, from: at, scroll: scroll)
        clicked[menu.names[index]] = edges
        return edges
      }
    }
    reset()
    let before = s.navigator
    // Going back is offered wherever there is somewhere to go (a modal has no back button
    // in its bar: the page's own Back goes there, as `s:back()` does).
    if s.back() {
      let step = try add(try self.edge(of: try s.transition(from: before, tapped: nil), s), s)
      record.back = step
      if before.isShowingPopover || before.masterIsInPopover { record.outside = step }
    }
    if record.barRect != nil, !before.masterIsInPopover {
      reset()
      if (try? s.showMaster()) != nil {
        record.bar = try add(try self.edge(of: try s.transition(from: before, tapped: nil), s), s)
      }
    }
    reset()
    s.rotate()
    record.rotate = try state(of: s)
    // Where each button leads is known now: counted as the state's, as its drawing was.
    try charge(max(0, record.bytes - states[id].bytes))
    states[id] = record
  }

  /// Where a click on button `index` of `menu` leads: its tap with each input, made where
  /// the page's scroll shows the button (else scrolled to it). A tap that hangs a popover
  /// from the button is made again from each row the button can be in, since the popover
  /// hangs where the row is.
  private func click(
    _ index: Int, of menu: PrototypeMenu, _ s: Session, from at: Session.Checkpoint, scroll: Int
  ) throws -> PrototypeButtonEdges {
    let name = menu.names[index]
    // A limit met from here on names the declaration whose button is being clicked.
    let registry = script.registry
    walking = registry.diagnosis(name)?.location ?? registry.segue(name)?.location ?? walking
    try work.check(at: walking)
    let inputs = inputs(of: name)
    // Columns the script gives no range are scaled over the examples (and text columns
    // given their levels), as check scales them.
    if let d = registry.diagnosis(name) { s.scaleColumns(of: d, over: inputs) }
    defer { (s.columnRanges, s.columnMeans, s.columnLevels) = ([:], [:], [:]) }
    let count = menu.names.count
    var layout = MenuLayout(count: count, slots: menu.slots, offset: scroll)
    if !layout.shown.contains(index) {
      layout = MenuLayout(count: count, slots: menu.slots, offset: index)
    }
    let (edges, hung) = try taps(
      name, inputs, s, from: at, scroll: layout.offset,
      row: Session.menuRow(layout.slot(of: index), in: menu.rect))
    guard hung else { return PrototypeButtonEdges(edges: edges) }
    let byRow = try (0..<min(menu.slots, count)).map { row -> [Int?]? in
      let offset = index - row
      guard offset >= 0, offset <= layout.maxOffset else { return nil }
      return try taps(
        name, inputs, s, from: at, scroll: offset, row: Session.menuRow(row, in: menu.rect)
      ).edges
    }
    return PrototypeButtonEdges(edges: edges, byRow: byRow)
  }

  /// Taps `name` with each input from `at` with the menus scrolled to `scroll`: the edges
  /// (nil where a tap failed), and whether a tap hung a popover from `row`.
  private func taps(
    _ name: String, _ inputs: [LuaValue], _ s: Session, from at: Session.Checkpoint,
    scroll: Int, row: Rect
  ) throws -> (edges: [Int?], hung: Bool) {
    var made: [Int?] = []
    var hung = false
    for input in inputs {
      s.restore(at)
      s.menuScroll = scroll
      do {
        let edge = try s.tapAnimated(name, input: input) { try self.edge(of: $0, s) }
        hung = hung || s.navigator.popoverAnchor == row
        made.append(try add(edge, s))
      } catch let e as LuaError where e.kind != .timeLimit && e.kind != .memory {
        let given = input == .map([:]) ? "" : " with input \(luaText(input))"
        let warning = "\(e) (exporting: tapping '\(name)'\(given))"
        // The same tap fails alike from many screens: said once.
        if !warnings.contains(warning) { warnings.append(warning) }
        made.append(nil)
      }
    }
    return (made, hung)
  }

  /// The inputs a tap of `name` is offered: a diagnosis's examples, else the empty table.
  private func inputs(of name: String) -> [LuaValue] {
    let examples = script.registry.diagnosis(name)?.examples ?? []
    return examples.isEmpty ? [.map([:])] : examples
  }

  /// The edge to the state `s` is in now, shown by `layers`.
  private func add(_ layers: [PrototypeLayer]?, _ s: Session) throws -> Int {
    let to = try state(of: s)
    let edge = PrototypeEdge(to: to, layers: layers)
    try charge(edge.bytes)
    edges.append(edge)
    return edges.count - 1
  }

  /// A transition's layers as fragments and shared tracks; nil for a cut. `s` is in the
  /// state the transition leads to.
  private func edge(of movie: TransitionMovie, _ s: Session) throws -> [PrototypeLayer]? {
    if movie.style == .cut { return nil }
    let drawn = try movie.drawn.get()
    let n = PrototypeBuilder.samples
    let frames = try (0..<n).map { try movie.placements(at: Double($0) / Double(n - 1)) }
    // `check` has run what can fail (the screens' features, a kind's animate): the layers
    // are the page's alone.
    guard writes else { return [] }
    let (w, h) = (drawn.last.width, drawn.last.height)
    // The pieces the page draws itself: the face left, and both screens' menus.
    var cuts: [(items: [Item], cut: Cut)] = face.map { [($0, .face)] } ?? []
    for layout in [movie.beforeLayout, s.navigator.layout()] {
      for (name, rect) in Self.menuPanes(layout) {
        let m = try menu(name, in: rect, s, w, h)
        let items = menuItems(m, s)
        if !items.isEmpty { cuts.append((items, .menu(m))) }
      }
    }
    return try drawn.layers.flatMap { whole in
      try split(whole.items, at: cuts).compactMap { (items, cut) in
        try layer(items, cut, whole, frames, w, h)
      }
    }
  }

  /// Menu `m` as the session draws it at its scroll now (as a transition's screens hold
  /// it), drawn once for each scroll while `drawnMenusKept` are kept.
  private func menuItems(_ m: Int, _ s: Session) -> [Item] {
    let menu = menus[m]
    let offset = MenuLayout(count: menu.names.count, slots: menu.slots, offset: s.menuScroll).offset
    let key = m << 32 | offset
    if let known = drawnMenus[key] { return known }
    let items = s.menuItems(of: menu.name, in: menu.rect)
    // A tap from each scroll of a long menu draws it at each: kept all, the drawings were
    // a fifth of a 3,000-button export's memory, none of it counted.
    if drawnMenus.count >= Self.drawnMenusKept { drawnMenus.removeAll(keepingCapacity: true) }
    drawnMenus[key] = items
    return items
  }
  private var drawnMenus: [Int: [Item]] = [:]
  /// How many menus at a scroll are kept drawn at once (a tap and its way back, from the
  /// menus of a few screens, fit many times over).
  static let drawnMenusKept = 256

  /// What the page draws itself in a transition's layer.
  private enum Cut: Equatable {
    /// The focused face of the state left, as the drag and the wheel left it.
    case face
    /// A menu (an index into `menus`), at the page's scroll.
    case menu(Int)
  }

  /// The focused face of the state being visited, as its screen draws it (nil: none).
  private var face: [Item]?

  /// `items` cut where they hold one of `cuts`' runs of items, those apart.
  private func split(_ items: [Item], at cuts: [(items: [Item], cut: Cut)]) -> [([Item], Cut?)] {
    guard !cuts.isEmpty else { return [(items, nil)] }
    var out: [([Item], Cut?)] = []
    var (start, i) = (0, 0)
    while i < items.count {
      let found = cuts.first { run in
        i + run.items.count <= items.count && items[i] == run.items[0]
          && items[i..<(i + run.items.count)].elementsEqual(run.items)
      }
      guard let found else {
        i += 1
        continue
      }
      if start < i { out.append((Array(items[start..<i]), nil)) }
      out.append((found.items, found.cut))
      i += found.items.count
      start = i
    }
    if start < items.count { out.append((Array(items[start...]), nil)) }
    return out
  }

  /// One layer of an edge: its fragment (or the menu the page draws), window and shared
  /// track (nil: nothing to draw).
  private func layer(
    _ items: [Item], _ cut: Cut?, _ layer: TransitionLayer, _ frames: [TransitionFrame],
    _ w: Double, _ h: Double
  ) throws -> PrototypeLayer? {
    var out = PrototypeLayer(fragment: nil, window: layer.window, track: nil, isFace: cut == .face)
    if case .menu(let m)? = cut {
      out.menu = m
    } else {
      guard let fragment = try fragment(items, w, h) else { return nil }
      out.fragment = fragment
    }
    let placings = frames.map(layer.placing)
    guard placings.contains(where: { !$0.isIdentity }) else { return out }
    var track: [Double] = []
    for p in placings { track += [p.dx, p.dy, p.scale, p.anchor.x, p.anchor.y, p.opacity] }
    track = track.map { ($0 * 100).rounded() / 100 }
    if let known = trackIDs[track] {
      out.track = known
    } else {
      out.track = tracks.count
      tracks.append(track)
      trackIDs[track] = tracks.count - 1
    }
    return out
  }

  /// The fragment of `items` on a screen `w`×`h` (nil: nothing to draw), stored once.
  private func fragment(_ items: [Item], _ w: Double, _ h: Double) throws -> Int? {
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
    // The page's pieces, held until it is written (and the key beside each): counted.
    try charge(2 * key.utf8.count)
    return id
  }

  /// The panes of `layout` that show a menu: its name (nil: the root) and content rect.
  private static func menuPanes(_ layout: ScreenLayout<SceneContent>) -> [(String?, Rect)] {
    layout.panes.compactMap { pane in
      guard case .menu(let name)? = pane.scene?.content else { return nil }
      return (name, pane.contentRect)
    }
  }

  /// The menu `name` (nil: the root) in content rect `rect` on a screen `w`×`h`, as the
  /// page draws it at any scroll: made once for its place.
  private func menu(_ name: String?, in rect: Rect, _ s: Session, _ w: Double, _ h: Double)
    throws -> Int
  {
    let key = "\(name.map { "menu " + $0 } ?? "root")\n\(rect)\n\(w)×\(h)"
    if let id = menuIDs[key] { return id }
    let buttons = s.menuButtons(of: name)
    let slots = s.menuLayout(height: rect.height, count: buttons.count).slots
    let row = Session.menuRow(0, in: rect)
    // The indicator's place is linear in the scroll: the page moves the top one a step a
    // button.
    func indicator(at offset: Int) -> Item? {
      s.menuIndicator(MenuLayout(count: buttons.count, slots: slots, offset: offset), in: rect)
    }
    var step = 0.0
    if case .roundedRect(let top, _)? = indicator(at: 0)?.shape,
      case .roundedRect(let next, _)? = indicator(at: 1)?.shape
    {
      step = next.y - top.y
    }
    let id = menus.count
    menus.append(
      PrototypeMenu(
        name: name, rect: rect, row: row, pitch: Session.menuRow(1, in: rect).y - row.y,
        slots: slots,
        buttons: try buttons.map { try fragment(s.menuButtonItems($0, in: row), w, h) },
        names: buttons.map(\.name), titles: buttons.map(\.title),
        inputs: buttons.map { b in
          (script.registry.diagnosis(b.name)?.examples ?? []).map(luaText)
        },
        indicator: try indicator(at: 0).flatMap { try fragment([$0], w, h) }, indicatorStep: step))
    menuIDs[key] = id
    return id
  }

  /// State `s` drawn: the screen split at the focused face, its menus apart (the page draws
  /// them at its scroll), the face at every step, and the places of what a click can hit
  /// (edges are found later, by `visit`).
  private func draw(_ s: Session, _ parts: ScreenParts) throws -> PrototypeState {
    let nav = s.navigator
    let layout = nav.layout()
    var faceIndex: Int?
    if s.focusedFace != nil {
      faceIndex = parts.panes.lastIndex { $0.role == nav.focusRole }
    }
    var below: [PrototypePiece] = []
    var above: [PrototypePiece] = []
    var passed = false
    func add(_ piece: PrototypePiece) {
      if passed { above.append(piece) } else { below.append(piece) }
    }
    func add(_ items: [Item]) throws {
      if let piece = try fragment(items, parts.width, parts.height) { add(.fragment(piece)) }
    }
    try add(parts.statusBar)
    for (i, pane) in parts.panes.enumerated() {
      if i == parts.firstPresented { try add(parts.divider + parts.dim) }
      if i == faceIndex {
        try add(pane.chrome + pane.barChrome + pane.bar)
        passed = true
      } else if i < layout.panes.count, case .menu(let name)? = layout.panes[i].scene?.content {
        try add(pane.chrome + pane.barChrome + pane.bar)
        let rect = layout.panes[i].contentRect
        add(.menu(try menu(name, in: rect, s, parts.width, parts.height)))
      } else {
        try add(pane.items)
      }
    }
    if parts.firstPresented >= parts.panes.count { try add(parts.divider) }
    var state = PrototypeState(
      device: nav.device, orientation: nav.orientation, width: parts.width,
      height: parts.height, title: statusTitle(nav, layout), below: below, above: above)
    if let i = faceIndex, let f = s.focusedFace {
      let rect = parts.panes[i].content
      func drawn(_ face: FaceScene) throws -> Int {
        try fragment(try s.painter.items(face, in: rect), parts.width, parts.height) ?? -1
      }
      // The same face (but for its happiness) in the same place is drawn once at each step.
      var key = f
      try key.face.setHappiness(0)
      let known = "\(key)\n\(rect)\n\(parts.width)×\(parts.height)"
      var steps = faceSteps[known] ?? []
      if steps.isEmpty {
        for h in Prototype.happinessSteps {
          var g = f
          try g.face.setHappiness(h)
          steps.append(try drawn(g))
        }
        faceSteps[known] = steps
      }
      let step = Prototype.happinessSteps.firstIndex(of: f.face.happiness)
      state.face = PrototypeFace(
        rect: rect, happiness: f.face.happiness, scale: f.face.scale,
        exact: try step.map { steps[$0] } ?? drawn(f), steps: steps)
    }
    state.menus = try clickable(s, layout, parts.width, parts.height)
    state.scrolls = try s.frontMenu.map {
      try menu($0.name, in: $0.rect, s, parts.width, parts.height)
    }
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

  private var faceSteps: [String: [Int]] = [:]

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

  /// The menus whose buttons a click reaches, frontmost first (a popover's alone while one
  /// shows: a click elsewhere dismisses it); their edges are found by `visit`.
  private func clickable(
    _ s: Session, _ layout: ScreenLayout<SceneContent>, _ w: Double, _ h: Double
  ) throws -> [PrototypeMenuHits] {
    let nav = s.navigator
    let popover = nav.isShowingPopover || nav.masterIsInPopover
    var out: [PrototypeMenuHits] = []
    for (i, pane) in layout.panes.enumerated().reversed() {
      guard case .menu(let name)? = pane.scene?.content, s.isReachable(name) else { continue }
      if popover && i != layout.panes.count - 1 { continue }
      let m = try menu(name, in: pane.contentRect, s, w, h)
      out.append(PrototypeMenuHits(menu: m, buttons: []))
    }
    return out
  }
}
