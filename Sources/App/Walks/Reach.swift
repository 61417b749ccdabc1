import Declarations
import Readable
import Storyboard

/// The one explorer of an app's screens, with two walks: to a menu, as a person reaches
/// it (this class: `check`, the storyboard canvas, a batch's start rects), and to every
/// screen a click reaches (`Reach.Screens`: the exported page, `check`'s second pass). A
/// menu is reached from the nearest menu on its way that was reached before, whose state
/// is kept: a scene deep in the menus costs a few taps, not its whole path from the root
/// again (a walk of menus 1,000 deep re-tapped half a million steps). Every step looks at
/// the walk's deadline, and what is kept counts against the script's memory limit.
public final class Reach {
  /// The session walked: the start is its restart (with the master shown, when asked).
  public let session: Session
  /// Whether a menu is reached as on an iPad in portrait: the bar button shows the master
  /// first.
  private let showsMaster: Bool
  /// The walk's limits: its deadline, and the memory what it keeps is charged to.
  private let work: HostWork?
  /// How each menu is first reached (`Registry.menuWays`), found once for the walk.
  public let ways: [String: MenuWay]
  /// The state showing each menu kept so far (nil: the start).
  private var kept: [String?: Session.Checkpoint] = [:]
  /// The bytes charged for what is kept.
  private var charged = 0

  /// Menus up to this many taps deep are each kept, and beyond it every this many: a path
  /// of any length is then a few taps from a kept menu, and what is kept grows with the
  /// number of menus times their depth over this, not times their depth.
  static let keepEvery = 16
  /// The bytes a kept state is charged for each scene it holds (the exported page's walk
  /// charges its states still to explore alike).
  public static let sceneBytes = 256

  /// A reach of `session`'s menus under `work`'s limits (nil: none beyond the script's
  /// calls' own); `showingMaster`: an iPad in portrait, whose menus hang from the bar
  /// button.
  public init(session: Session, showingMaster: Bool, work: HostWork?) {
    self.session = session
    self.showsMaster = showingMaster
    self.work = work
    self.ways = session.script.registry.menuWays()
  }

  deinit { work?.release(charged) }

  /// Whether `showingMaster` is how a person reaches menus on `device` in `orientation`.
  public static func showsMaster(on device: Device, _ orientation: Orientation) -> Bool {
    device.isPad && orientation == .portrait
  }

  /// Whether a person can reach a menu that holds `button` (true for a button on no menu,
  /// which code performs): a button only on menus no button leads to is never tapped, and
  /// `check` says why once, at the menu.
  public func canReachMenu(of button: String) -> Bool {
    let holders = session.script.registry.menus(holding: button)
    return holders.isEmpty || holders.contains { $0 == nil || ways[$0!] != nil }
  }

  /// Puts the session at its start with a menu holding `button` on screen (the root when
  /// no menu holds it, or none is reached): where a person taps it from. `place` is the
  /// declaration being walked, which a limit's error names.
  public func start(atMenuOf button: String, at place: SourceLocation) throws {
    let holders = session.script.registry.menus(holding: button)
    let reached = holders.compactMap { $0 }.filter { ways[$0] != nil }
    if holders.contains(where: { $0 == nil }) || reached.isEmpty {
      return try show(menu: nil, at: place)
    }
    let nearest = reached.min { ways[$0]!.depth < ways[$1]!.depth }
    try show(menu: nearest, at: place)
  }

  /// Puts the session at its start with `menu` on screen (nil: the root); a menu no button
  /// leads to is left at the start.
  public func show(menu: String?, at place: SourceLocation) throws {
    try work?.check(at: place)
    // The way back to the nearest menu kept: the buttons to tap from it, last first.
    var taps: [(menu: String, button: String)] = []
    let registry = session.script.registry
    var at = menu
    while let name = at, kept[name] == nil {
      guard let way = ways[name] else { return try show(menu: nil, at: place) }
      taps.append((name, way.button))
      at = way.from
    }
    if let state = kept[at] {
      session.restore(state)
      session.menuScroll = 0
    } else {
      session.restart()
      if showsMaster { try session.showMaster() }
      try keep(nil, depth: 0, at: place)
    }
    for (name, button) in taps.reversed() {
      try work?.check(at: place)
      // As a person would: a diagnosis that shows a menu gets its first example.
      try session.tap(button, input: registry.diagnosis(button)?.examples.first ?? .map([:]))
      let depth = ways[name]?.depth ?? 0
      if depth <= Reach.keepEvery || depth % Reach.keepEvery == 0 {
        try keep(name, depth: depth, at: place)
      }
    }
  }

  /// Keeps the session's state as the one showing `menu`, charged for its scenes.
  private func keep(_ menu: String?, depth: Int, at place: SourceLocation) throws {
    let bytes = (depth + 2) * Reach.sceneBytes
    try work?.charge(bytes, at: place)
    charged += bytes
    kept[menu] = session.checkpoint
  }
}
