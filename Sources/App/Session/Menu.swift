import Declarations
import Files
import Geometry
import LuaHost
import Readable
import Render
import Storyboard
import TextMetrics

/// The menu as both drawers show it: its buttons with their titles, and (in points) which
/// page of them fits its pane. `play` lays the same buttons out in rows of cells with the
/// same `MenuLayout`.
extension Session {
  /// The buttons of the frontmost menu on screen (the root's when none is).
  public var menuButtons: [MenuButton] {
    menuButtons(of: frontMenu?.name ?? nil)
  }

  /// A button's top margin, height and the distance from one to the next, in points.
  static let menuMargin = 16.0
  static let menuButtonHeight = 40.0
  static let menuPitch = 48.0

  /// The rows of buttons a content rect `height` points high has room for.
  static func menuSlots(height: Double) -> Int {
    let room = height - menuMargin - menuButtonHeight
    // Checked as a Double: Int(nan) traps, and a rect is never that large anyway.
    guard room >= 0, room < 1e9 else { return 0 }
    return Int(room / menuPitch) + 1
  }

  /// The frontmost menu, scrolled, in a content rect `height` points high.
  public func menuLayout(height: Double) -> MenuLayout {
    menuLayout(height: height, count: menuButtons.count)
  }

  /// The menu, scrolled, in a content rect `height` points high, for a caller that has
  /// built `menuButtons` already (`count` of them).
  public func menuLayout(height: Double, count: Int) -> MenuLayout {
    MenuLayout(count: count, slots: Session.menuSlots(height: height), offset: menuScroll)
  }

  /// Menu `name` (nil: the root) in `rect`: the buttons that fit from where it is
  /// scrolled, one a row, each reading its title, and the top of the next one where the
  /// pane has room for part of it. No scroll indicator: a drawn screen is the menu at rest,
  /// and UIScrollView showed its indicator only while scrolling and in the flash as it
  /// appeared, gone within a second (docs/ios6.md); the part of a row is the sign that
  /// there is more, as a scroll view cut its next row at its edge.
  package func menuItems(of name: String?, in rect: Rect) -> [Item] {
    let buttons = menuButtons(of: name)
    let menu = menuLayout(height: rect.height, count: buttons.count)
    var items: [Item] = []
    for i in menu.shown {
      items += menuButtonItems(buttons[i], in: Session.menuRow(menu.slot(of: i), in: rect))
    }
    if let next = menu.partlyShown {
      let row = Session.menuRow(menu.slot(of: next), in: rect)
      guard row.y < rect.maxY else { return items }
      for var item in menuButtonItems(buttons[next], in: row) {
        item.clip = item.clip.map { $0.intersection(rect) } ?? rect
        items.append(item)
      }
    }
    return items
  }

  /// A menu's button drawn in `frame`, its title cut to fit: a row of `menuItems`, and
  /// what the exported page moves from row to row as its menu scrolls.
  package func menuButtonItems(_ button: MenuButton, in frame: Rect) -> [Item] {
    let theme = self.theme
    return ChromeItems(theme: theme).button(
      Truncation.truncatingTail(
        button.title, toFit: frame.width - 28, size: theme.buttonSize,
        weight: theme.buttonBold ? .bold : .regular), in: frame)
  }

  /// The scroll indicator of `menu` in `rect`, when it scrolls.
  package func menuIndicator(_ menu: MenuLayout, in rect: Rect) -> Item? {
    menu.indicator.map { ChromeItems(theme: theme).scrollIndicator($0, in: rect) }
  }

  /// The button in row `slot` of a menu drawn in `rect`: where `show --screen` draws it,
  /// where a popover tapped from it hangs, and where `play` puts it when it has the rows.
  public static func menuRow(_ slot: Int, in rect: Rect) -> Rect {
    Rect(
      x: rect.x + menuMargin, y: rect.y + menuMargin + Double(slot) * menuPitch,
      width: max(rect.width - 2 * menuMargin, 10), height: menuButtonHeight)
  }

  /// The button `name` where the screen shows it now, on the frontmost menu showing it, in
  /// screen points: what a popover tapped from it hangs from. A button not on screen (the
  /// master hidden in portrait, or on another page) hangs from the detail's bar button
  /// that reveals the menu, else from nothing.
  package func anchor(ofButton name: String) -> Rect? {
    let panes = navigator.layout().panes.reversed().compactMap { pane -> ([MenuButton], Rect)? in
      guard case .menu(let menu)? = pane.scene?.content else { return nil }
      return (menuButtons(of: menu), pane.contentRect)
    }
    guard let (buttons, c) = panes.first(where: { $0.0.contains { $0.name == name } }),
      let index = buttons.firstIndex(where: { $0.name == name })
    else { return navigator.barButton?.rect }
    let menu = menuLayout(height: c.height, count: buttons.count)
    guard menu.shown.contains(index) else { return navigator.barButton?.rect }
    let row = Session.menuRow(
      menu.slot(of: index), in: c)
    return row
  }

  /// The content rect of the frontmost pane showing a menu, if one does.
  var menuContentRect: Rect? { frontMenu?.rect }

  /// The frontmost pane showing a menu: the menu's name (nil: the root) and content rect.
  package var frontMenu: (name: String?, rect: Rect)? {
    for pane in navigator.layout().panes.reversed() {
      if case .menu(let name)? = pane.scene?.content { return (name, pane.contentRect) }
    }
    return nil
  }

  /// `s:scroll(n)`: scrolls the menu `n` buttons on (back when negative), as `show
  /// --screen` and `play` scroll it, staying within the scrolling there is; returns the
  /// first button shown (1 is the first).
  package static func luaScroll(_ s: Session, _ call: inout LuaCall) throws {
    try scrollMenu(s, &call, what: "scroll", unit: "buttons", rows: 1)
  }

  /// `s:page(n)`: scrolls the menu `n` screenfuls on (back when negative); kept for scripts
  /// written when the menu paged. Returns the first button shown, as `s:scroll` does.
  package static func luaPage(_ s: Session, _ call: inout LuaCall) throws {
    try scrollMenu(s, &call, what: "page", unit: "pages", rows: nil)
  }

  /// Scrolls the menu by argument 2 times `rows` buttons (nil: a screenful).
  static func scrollMenu(
    _ s: Session, _ call: inout LuaCall, what: String, unit: String, rows: Int?
  ) throws {
    let n = call.number(2)
    guard let n, n.isFinite, n == n.rounded(), abs(n) <= 1e9 else {
      let got = n.map(formatNumber) ?? call.typeName(2)
      throw sessionError("\(what) needs a whole number of \(unit) (negative goes back), got \(got)")
    }
    guard let rect = s.menuContentRect else {
      throw sessionError(
        "cannot \(what) the menu: it is not on screen (showing '\(s.sceneTitle)')")
    }
    let now = s.menuLayout(height: rect.height)
    let step = rows ?? max(now.slots, 1)
    let moved = now.scrolled(by: Int(n) * step)
    s.menuScroll = moved.offset
    try call.push(.integer(moved.offset + 1))
  }
}
