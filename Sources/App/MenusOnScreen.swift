import Declarations
import Files
import Storyboard

/// Which menus a tap reaches, by one rule on every device: a menu's buttons can be tapped
/// when the menu is the top scene of a pane the screen shows (the navigation stack's top,
/// the iPad's master or detail, a popover) and no modal covers it. The iPad's master in
/// portrait counts as shown: the bar button in the detail's bar reveals it. A scene pushed
/// onto the master covers the menu under it, as on an iPhone.
extension Session {
  /// The menus a tap reaches now, frontmost first (nil: the root menu).
  public var reachableMenus: [String?] {
    var names: [String?] = []
    for scene in scenesInFront {
      if case .menu(let name) = scene.content, !names.contains(where: { $0 == name }) {
        names.append(name)
      }
    }
    return names
  }

  /// The top scenes of the panes a tap reaches, frontmost first: a popover, then the
  /// topmost modal (which covers the rest), else the focused pane and the other.
  private var scenesInFront: [Scene<SceneContent>] {
    let presented = navigator.presented
    var scenes: [Scene<SceneContent>] = []
    if navigator.isShowingPopover, let popover = presented.last { scenes.append(popover) }
    if navigator.isPresentingModal {
      // At most one popover, always on top: the topmost modal is just below it, or on top.
      let modal = presented[presented.count - (navigator.isShowingPopover ? 2 : 1)]
      return scenes + [modal]
    }
    let master = navigator.navigationStack[navigator.navigationStack.count - 1]
    guard let detail = navigator.detail else { return scenes + [master] }
    return scenes + (navigator.focusRole == .detail ? [detail, master] : [master, detail])
  }

  /// Whether menu `name` (nil: the root) is one a tap reaches now: `reachableMenus`
  /// without building it, since every tap asks (a batch or `check`, thousands of times).
  package func isReachable(_ name: String?) -> Bool {
    func shows(_ scene: Scene<SceneContent>) -> Bool {
      if case .menu(let menu) = scene.content { return menu == name }
      return false
    }
    if navigator.isShowingPopover || navigator.isPresentingModal {
      return scenesInFront.contains(where: shows)
    }
    let stack = navigator.navigationStack
    return shows(stack[stack.count - 1]) || navigator.detail.map(shows) == true
  }

  /// Whether some menu's buttons can be tapped now (`play` shows their keys then).
  public var menuIsTappable: Bool { !reachableMenus.isEmpty }

  /// The buttons a tap reaches now, those of the frontmost menu first.
  public var buttons: [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for menu in reachableMenus {
      for b in menuButtons(of: menu) where seen.insert(b.name).inserted { names.append(b.name) }
    }
    return names
  }

  /// Every button of every menu, the root's first: what a misspelt tap is compared with.
  var allButtons: [String] {
    let registry = script.registry
    return ([nil] + registry.menus.map(\.name)).flatMap {
      registry.buttons(ofMenu: $0).map(\.name)
    }
  }

  /// The buttons of menu `name` (nil: the root), found once while the declarations stay as
  /// they are: every drawing of a menu asks, and the root's are found by a look at every
  /// declaration (8,000 diagnoses made each screen a walk draws 8,000 steps).
  public func menuButtons(of name: String?) -> [MenuButton] {
    let registry = script.registry
    let revision = registry.revision
    if menuButtonsFound.revision != revision { menuButtonsFound = (revision, [:]) }
    if let known = menuButtonsFound.buttons[name] { return known }
    let buttons = registry.buttons(ofMenu: name)
    menuButtonsFound.buttons[name] = buttons
    return buttons
  }

  /// Refuses a tap of `button` unless a menu holding it is reachable, saying what would
  /// bring it on screen.
  func requireMenu(_ button: String) throws {
    let registry = script.registry
    let holders = registry.menus(holding: button)
    if holders.contains(where: isReachable) { return }
    guard let menu = holders.first else {
      throw sessionError(
        "cannot tap '\(button)': segue '\(button)' is manual (button = false), on no menu; s:perform(\"\(button)\") performs it"
      )
    }
    let which = menu.map { "the menu '\(registry.title(ofMenu: $0))'" } ?? "the menu"
    var hint = "call back() first"
    let shown =
      navigator.navigationStack + navigator.presented + (navigator.detail.map { [$0] } ?? [])
    let onTheWay = shown.contains {
      if case .menu(let name) = $0.content { return name == menu }
      return false
    }
    if !onTheWay, let path = registry.menuPath(to: menu), let last = path.last {
      hint = "tap '\(last)' first"
    }
    throw sessionError(
      "cannot tap '\(button)': \(which) is not on screen (showing '\(sceneTitle)'); \(hint)")
  }

  /// Brings a menu holding `button` on screen, as a person would, when none is: from the
  /// root, taps the buttons that lead to it (`Registry.menuPaths`). Nothing when one is
  /// reachable already, or when `button` is on no menu (a manual segue). `show`, `check`
  /// and a batch start from the menu of the button they tap.
  public func reachMenu(of button: String) throws {
    let registry = script.registry
    let holders = registry.menus(holding: button)
    guard !holders.isEmpty, !holders.contains(where: isReachable) else { return }
    let ways = registry.menuWays()
    let paths = holders.compactMap { registry.menuPath(to: $0, ways: ways) }
    guard let path = paths.min(by: { $0.count < $1.count }) else { return }
    for step in path { try tap(step) }
  }
}
