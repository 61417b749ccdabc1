import Files
import LuaHost
import Readable

/// Which menu holds which button, how each menu is reached from the root, and what is wrong
/// with the menus a script declares. The root menu (named nil here) lists every diagnosis
/// and button segue that no `menu` claims, in declaration order, as the seed's one menu did.
extension Registry {
  /// The seed's title for the root menu, when no `app { title = … }` names it.
  public static let seedTitle = "Psychologist"

  /// The root menu's title: the app's, else the seed's.
  public var rootTitle: String { app?.title ?? Registry.seedTitle }
  /// The app's language (`app { language = "zh-Hans" }`, a BCP 47 tag; default `en`): the
  /// page's `lang`, iOS 6's words on the chrome ("返回", "上午9:41").
  public var language: String { app?.language ?? "en" }

  /// Whether `segue` is a menu button: not `showDiagnosis` (code performs it) and not
  /// declared `button = false`.
  public func isButton(_ segue: Segue) -> Bool {
    segue.button && segue.identifier != Registry.showDiagnosis.identifier
  }

  /// The menus that show `name` as a button: nil for the root; none for a manual segue or
  /// a name nothing declares.
  public func menus(holding name: String) -> [String?] {
    // Every tap asks: a script of no menus looks nothing up but the name.
    if !menus.isEmpty {
      let listing = menus(listing: name)
      if !listing.isEmpty { return listing.map(\.name) }
    }
    if declaresDiagnosis(name) { return [nil] }
    if let s = segue(name), isButton(s) { return [nil] }
    return []
  }

  /// The title a menu's scene shows: the root's is the app's; a named menu's its own,
  /// else the title of the segue showing it (`shownBy`), else its name.
  public func title(ofMenu name: String?, shownBy segue: Segue? = nil) -> String {
    guard let name else { return rootTitle }
    return menu(name)?.title ?? segue?.title ?? name
  }

  /// The buttons of menu `name` (nil: the root), in the order shown. A name a menu lists
  /// that is no button (undeclared, or a manual segue) is left out: `check` says why.
  public func buttons(ofMenu name: String?) -> [MenuButton] {
    guard let name else {
      // The usual script declares no menu: the root is then every button, unfiltered.
      let unclaimed: (String) -> Bool =
        menus.isEmpty ? { _ in true } : { self.menus(listing: $0).isEmpty }
      return diagnoses.filter { unclaimed($0.name) }.map(button(of:))
        + segues.filter { isButton($0) && unclaimed($0.identifier) }.map(button(of:))
    }
    return (menu(name)?.buttons ?? []).compactMap { b in
      if let d = diagnosis(b) { return button(of: d) }
      if let s = segue(b), isButton(s) { return button(of: s) }
      return nil
    }
  }

  private func button(of d: Diagnosis) -> MenuButton {
    MenuButton(name: d.name, title: d.title ?? d.name)
  }
  private func button(of s: Segue) -> MenuButton {
    MenuButton(name: s.identifier, title: s.title ?? s.identifier)
  }

  /// The segue a tap of button `name` performs: a diagnosis's, or the segue itself.
  package func segue(tapping name: String) -> Segue? {
    segue(diagnosis(name)?.segue ?? name)
  }

  /// How each named menu is first reached from the root: the menu it is tapped from, the
  /// button, and how many taps from the root it is. Segues are tried before diagnoses,
  /// whose functions may want an input; a menu missing here cannot be reached. One pass
  /// over the menus' buttons: a path is read back through `from`, never stored whole.
  public func menuWays() -> [String: MenuWay] {
    var ways: [String: MenuWay] = [:]
    var queue: [String?] = [nil]
    var next = 0
    while next < queue.count {
      let from = queue[next]
      next += 1
      let depth = from.flatMap { ways[$0]?.depth } ?? 0
      let names = buttons(ofMenu: from).map(\.name)
      let ordered = names.filter { diagnosis($0) == nil } + names.filter { diagnosis($0) != nil }
      for b in ordered {
        guard let target = segue(tapping: b)?.menu, menu(target) != nil, ways[target] == nil
        else { continue }
        ways[target] = MenuWay(from: from, button: b, depth: depth + 1)
        queue.append(target)
      }
    }
    return ways
  }

  /// The buttons to tap from the root to show menu `name` (the root's: none), nil when no
  /// button leads there.
  public func menuPath(to name: String?, ways: [String: MenuWay]? = nil) -> [String]? {
    guard var at = name else { return [] }
    let ways = ways ?? menuWays()
    var path: [String] = []
    while let way = ways[at] {
      path.append(way.button)
      guard let from = way.from else { return path.reversed() }
      at = from
    }
    return nil
  }

  /// How each menu is reached from the root: the buttons to tap, in order (the root's is
  /// empty); see `menuWays`.
  public func menuPaths() -> [String?: [String]] {
    let ways = menuWays()
    var paths: [String?: [String]] = [nil: []]
    for name in ways.keys { paths[name] = menuPath(to: name, ways: ways) }
    return paths
  }

  /// What is wrong with the menus: names a menu lists that are no button, a button on
  /// two menus that do not say `shared`, a segue showing no declared menu, and a menu no
  /// button leads to. `suggest` offers a near name, as the other problems do.
  package func menuProblems(suggest: (String, [String]) -> String) -> [Problem] {
    var problems: [Problem] = []
    let menuNames = menus.map(\.name)
    for s in segues {
      guard let target = s.menu, menu(target) == nil else { continue }
      problems.append(
        Problem(
          s.location,
          "segue '\(s.identifier)' shows menu '\(target)', which is not declared\(suggest(target, menuNames))"
        ))
    }
    guard !menus.isEmpty else { return problems }
    let names = diagnoses.map(\.name) + segues.filter(isButton).map(\.identifier)
    for m in menus {
      for b in m.buttons {
        if diagnosis(b) == nil, segue(b) == nil {
          problems.append(
            Problem(
              m.location,
              "menu '\(m.name)' lists '\(b)', which is no diagnosis or segue\(suggest(b, names))"))
        } else if let s = segue(b), diagnosis(b) == nil, !isButton(s) {
          problems.append(
            Problem(
              m.location,
              "menu '\(m.name)' lists segue '\(b)', which is manual (button = false): the diagnoses that name it and s:perform perform it"
            ))
        } else if let first = menus(listing: b).first, first.name != m.name, !m.shared,
          !first.shared
        {
          problems.append(
            Problem(
              m.location,
              "menu '\(m.name)' lists '\(b)', which menu '\(first.name)' lists too (\(first.location)): a button is on one menu, unless a menu says shared = true"
            ))
        }
      }
    }
    let ways = menuWays()
    for m in menus where ways[m.name] == nil {
      let showing = segues.filter { $0.menu == m.name }.map { "'\($0.identifier)'" }
      let why =
        showing.isEmpty
        ? "no segue shows it (say menu = \"\(m.name)\" in one)"
        : "segue \(showing.joined(separator: ", ")) shows it, but no menu reached from the root has a button that performs it"
      problems.append(Problem(m.location, "menu '\(m.name)' is never shown: \(why)"))
    }
    return problems
  }
}

/// A button of the menu: what a tap names, and what the button reads.
public struct MenuButton: Equatable, Sendable {
  /// The diagnosis's name or the segue's identifier (what `tap` takes).
  public var name: String
  /// The declared `title`, else the name.
  public var title: String
}

/// One step of the way to a menu: the menu a button is tapped on, the button, and how
/// many taps from the root the menu is.
public struct MenuWay: Equatable, Sendable {
  /// The menu the button is on (nil: the root).
  public var from: String?
  /// The button that shows the menu.
  public var button: String
  /// Taps from the root.
  public var depth: Int
}
