import Files
import LuaHost
import Readable
import Storyboard

/// `app { title = "Barista" }`: the app itself, whose title names the root menu (its bar,
/// the iPad's bar button, the back button above it, `play`'s screen, `list`, `s.scene`).
public struct AppDeclaration: Declared {
  /// The root menu's title (nil: the seed's "Psychologist").
  public var title: String?
  /// The app's language, a BCP 47 tag (nil: `en`).
  public var language: String? = nil
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it (nil: the script).
  public var plugin: String?
  /// `theme = "mint"`: the look every screen of the app is drawn in, unless `--theme` (or
  /// a session's own) names another.
  public var theme: String? = nil
}

/// `menu "drinks" { title = "Drinks", buttons = { "espresso", "latte" } }`: a menu scene
/// besides the root, shown by a segue that says `menu = "drinks"`. Its buttons leave the
/// root menu, which lists what no other menu claims.
public struct MenuDeclaration: Declared {
  /// The name segues show it by.
  public var name: String
  /// Its scene's title (nil: the showing segue's title, else the name).
  public var title: String?
  /// Diagnoses and segues, by name, in the order shown.
  public var buttons: [String]
  /// `shared = true`: its buttons may be on other menus too (else a button is on one menu).
  public var shared: Bool
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it.
  public var plugin: String?
}

/// The storyboard's own declarations: `app { … }` (one table, no name) and
/// `menu "name" { … }` (curried like the rest, in `registerDeclarations`), and the fields a
/// segue takes about menus (`button`, `menu`).
extension Script {
  /// Registers `app { … }`.
  func registerApp() throws {
    try state.register("app") { [unowned self] call in
      guard call.string(1) == nil else {
        throw LuaError(
          kind: .runtime, location: nil,
          message: "app takes its fields, not a name: app { title = \"Barista\" }")
      }
      self.declareApp(try call.value(1), call.location)
    }
  }

  private func declareApp(_ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: "app", location: location, texts: texts, known: DeclarationFields.app)
    let title = f.string("title")
    if title?.isEmpty == true { f.fail("title must not be empty") }
    let language = f.string("language")
    if let language, let problem = LanguageTag.problem(language) { f.fail(problem) }
    var app = AppDeclaration(
      title: title?.isEmpty == true ? nil : title, location: location, plugin: currentPlugin)
    app.language = language.flatMap { LanguageTag.problem($0) == nil ? $0 : nil }
    app.theme = f.string("theme")
    record(app, fields: f) { $0.add($1, override: $2) }
  }

  func declareMenu(_ name: String, _ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: "menu '\(name)'", location: location, texts: texts, known: DeclarationFields.menu
    )
    if f.raw("buttons") == nil {
      f.fail("needs buttons = { \"name\", … }: the diagnoses and segues it shows")
    }
    let buttons = f.strings("buttons")
    if f.raw("buttons") != nil, buttons.isEmpty, f.problems.isEmpty {
      f.fail("buttons is empty: a menu shows at least one button")
    }
    var seen: Set<String> = []
    for b in buttons where !seen.insert(b).inserted {
      f.fail("lists '\(b)' twice")
    }
    let menu = MenuDeclaration(
      name: name, title: f.string("title"), buttons: buttons, shared: f.bool("shared"),
      location: location, plugin: currentPlugin)
    record(menu, fields: f) { $0.add($1, override: $2) }
  }

  /// A segue's `button` and `menu` fields. A segue that shows a menu draws no face, so
  /// the fields of a face are refused on it.
  func readStoryboardFields(of segue: inout Segue, _ f: inout Fields) {
    if f.raw("button") != nil { segue.button = f.bool("button") }
    segue.menu = f.string("menu")
    guard let menu = segue.menu else { return }
    for field in ["happiness", "style", "clamp"] where f.raw(field) != nil {
      f.fail("\(field) is for a face, and it shows menu '\(menu)'")
    }
  }
}
