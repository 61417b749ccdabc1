import Channels
import Face
import Files
import Geometry
import LuaHost
import Readable
import Storyboard

/// Anything a script declares: it remembers where.
public protocol Declared {
  /// `file:line` of the declaration.
  var location: SourceLocation { get }
}

/// A happiness a declaration gives: a number, or a Lua function computing it.
public enum HappinessSource {
  case value(Double)
  case function(LuaReference)
}

/// An expression a diagnosis gives: fixed, or computed by a Lua function.
public enum ExpressionSource {
  case value(Expression)
  case function(LuaReference)
}

/// `diagnosis "name" { … }`: a button that computes a happiness and performs a segue.
public struct Diagnosis: Declared {
  /// Its name, the button's label.
  public var name: String
  /// The title of the scene it leads to.
  public var title: String?
  /// The happiness it diagnoses (nil: neutral 50).
  public var happiness: HappinessSource?
  /// An expression instead of or besides happiness.
  public var expression: ExpressionSource?
  /// The segue it performs (`showDiagnosis` unless named).
  public var segue: String
  /// Features drawn on its face only.
  public var features: [String]
  /// A named style for its face.
  public var style: String?
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it (nil: the script).
  public var plugin: String?
  /// `clamp = true`: a computed happiness outside 0…100 is clamped instead of an error.
  public var clamp = false
  /// `examples = { { sleep = 7 }, … }`: inputs `check` taps it with (none: `{}` only).
  public var examples: [LuaValue] = []
  /// `channels = { … }` and `ranges = { … }`: the row's columns drawn as facial channels.
  public var channels: ChannelMapping?
}

/// A segue's kind: one for every device, or one per device.
public enum KindChoice: Equatable {
  case same(String)
  case perDevice([String: String])

  /// The kind's name on `device`, nil when the table gives none for it.
  public func name(on device: Device) -> String? {
    switch self {
    case .same(let k): return k
    case .perDevice(let m):
      return m[device.rawValue] ?? (device == .iphone5 ? m["iphone"] : nil)
    }
  }
}

/// `segue "identifier" { kind = …, happiness = … }`: how a scene appears and with what face.
public struct Segue: Declared {
  /// The segue identifier (`showDiagnosis`, `movie`, …).
  public var identifier: String
  /// push, modal, popover, replace, custom or a `segue_kind` name, maybe per device.
  public var kind: KindChoice
  /// The happiness it gives its scene (nil: the diagnosis, or 50).
  public var happiness: HappinessSource?
  /// The scene's title.
  public var title: String?
  /// Popover content size.
  public var size: Size?
  /// A named style for its face.
  public var style: String?
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it.
  public var plugin: String?
  /// `clamp = true`: a computed happiness outside 0…100 is clamped instead of an error.
  public var clamp = false
  /// `button = false`: a manual segue, on no menu, performed only by the diagnoses that
  /// name it, by `s:perform` or by `show` (the seed's `showDiagnosis`, which code performs).
  public var button = true
  /// `menu = "drinks"`: the menu scene it shows instead of a face (nil: a face).
  public var menu: String? = nil
}

extension Segue {
  /// A segue the host makes, not a script: a kind performed on its own (`check` runs every
  /// kind), or the way into a menu no button leads to.
  package init(
    identifier: String, kind: KindChoice, location: SourceLocation, plugin: String? = nil,
    menu: String? = nil
  ) {
    self.init(
      identifier: identifier, kind: kind, happiness: nil, title: nil, size: nil, style: nil,
      location: location, plugin: plugin, menu: menu)
  }
}

/// `segue_kind "name" { perform = function(nav, scene, ctx) … end }`: a custom kind in Lua.
public struct CustomKind: Declared {
  /// The kind's name as segues use it.
  public var name: String
  /// The Lua function that performs it.
  public var perform: LuaReference?
  /// How it animates, when its Lua says (else a cross-fade).
  public var animation: KindAnimation? = nil
  /// Whether its animation moves the navigation bars with their scenes (`bars = "move"`);
  /// by default it moves the scenes' content and the bars stay, their titles cross-fading.
  public var movesBars = false
  /// Devices it exists on (nil: every device).
  public var devices: [Device]?
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it.
  public var plugin: String?
}

/// `feature "name" { draw = function(face, pen) … end }`: drawing added to faces.
public struct Feature: Declared {
  /// The feature's name.
  public var name: String
  /// The Lua function that draws it.
  public var draw: LuaReference?
  /// true: on every face; false: only where a diagnosis lists it; nil (not said): on every
  /// face unless some diagnosis lists it (see `Registry.drawsEverywhere`).
  public var everywhere: Bool?
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it.
  public var plugin: String?
}

/// A style declaration, global (`name == nil`) or named.
public struct StyleDeclaration: Declared {
  /// nil for `style { … }`, else its name.
  public var name: String?
  /// The style with its keys applied over the seed's.
  public var style: FaceStyle
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it.
  public var plugin: String?
}

/// Everything a script and its plugins declared, in declaration order, with the problems found.
public struct Registry {
  /// What the registry holds.
  struct Tables {
    var diagnoses: [Diagnosis] = []
    var segues: [Segue] = []
    var kinds: [CustomKind] = []
    var features: [Feature] = []
    var styles: [StyleDeclaration] = []
    var menus: [MenuDeclaration] = []
    var app: AppDeclaration?
    var themes: [ThemeDeclaration] = []
    var problems: [Problem] = []
    var unknownFields: [SourceLocation: [(name: String, value: String)]] = [:]
    /// Where each name sits in its list: a search of the list per declaration, and per
    /// tap, made thousands of declarations quadratic to load and to check.
    var diagnosisAt: [String: Int] = [:]
    var segueAt: [String: Int] = [:]
    var kindAt: [String: Int] = [:]
    var featureAt: [String: Int] = [:]
    var styleAt: [String: Int] = [:]
    var menuAt: [String: Int] = [:]
    /// The named menus listing each button, in declaration order: every tap asks which
    /// menu holds its button.
    var menusListing: [String: [Int]] = [:]
    var themeAt: [String: Int] = [:]
    /// How many diagnoses list each feature: `drawsEverywhere` is asked per feature per face.
    var listings: [String: Int] = [:]
  }

  /// The tables in one shared box: a session reads its script's registry on every tap (a
  /// batch, once a row), and a copy of thirteen tables cost more than the tap's own lookups.
  /// A copy of the registry is one reference; a change copies the tables only while
  /// another registry shares them.
  private final class Box {
    var tables: Tables
    /// How many times the tables were changed in place.
    var changes = 0
    init(_ tables: Tables) { self.tables = tables }
  }
  private var box = Box(Tables())

  /// The tables, to change: copied first when another registry shares them.
  private var tables: Tables {
    get { box.tables }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.tables) }
      box.changes += 1
      yield &box.tables
    }
  }

  /// Which state of the tables a registry reads: registries with equal revisions hold the
  /// same declarations, so a lookup made in one (a batch row's diagnosis and segue) holds
  /// in the other without being made again.
  public struct Revision: Equatable {
    fileprivate let box: AnyObject
    fileprivate let changes: Int

    /// Whether both read the same tables, unchanged.
    public static func == (a: Revision, b: Revision) -> Bool {
      a.box === b.box && a.changes == b.changes
    }
  }

  /// The state of the tables this registry reads now.
  public var revision: Revision { Revision(box: box, changes: box.changes) }

  /// Diagnoses in declaration order.
  public var diagnoses: [Diagnosis] { box.tables.diagnoses }
  /// Segues in declaration order.
  public var segues: [Segue] { box.tables.segues }
  /// Custom segue kinds.
  public var kinds: [CustomKind] { box.tables.kinds }
  /// Features.
  public var features: [Feature] { box.tables.features }
  /// Styles (the global one has no name).
  public var styles: [StyleDeclaration] { box.tables.styles }
  /// Menus other than the root, in declaration order.
  public var menus: [MenuDeclaration] { box.tables.menus }
  /// `app { … }`, if declared.
  public var app: AppDeclaration? { box.tables.app }
  /// Themes declared (the built-in `ios6` is not among them unless declared again).
  public var themes: [ThemeDeclaration] { box.tables.themes }
  /// The theme declared as `name`.
  public func theme(_ name: String) -> ThemeDeclaration? {
    box.tables.themeAt[name].map { box.tables.themes[$0] }
  }
  /// Adds a theme, or reports it as a duplicate naming both places.
  mutating func add(_ t: ThemeDeclaration, override: Bool) {
    add(t, to: \.themes, at: \.themeAt, name: t.name, override, "theme")
  }
  /// Problems met while declaring (each declaration's own fields).
  public var problems: [Problem] {
    get { box.tables.problems }
    set { tables.problems = newValue }
  }
  /// Fields no declaration of their kind has, as declared (`list` shows them: a misspelt
  /// field is no silent default), by the declaration's `file:line`.
  public var unknownFields: [SourceLocation: [(name: String, value: String)]] {
    box.tables.unknownFields
  }

  /// An empty registry.
  public init() {}

  mutating func noteUnknownFields(
    _ fields: [(name: String, value: LuaValue)], at location: SourceLocation
  ) {
    guard !fields.isEmpty else { return }
    tables.unknownFields[location, default: []] += fields.map { ($0.name, luaText($0.value)) }
      .sorted { $0.name < $1.name }
  }

  /// The diagnosis called `name`.
  public func diagnosis(_ name: String) -> Diagnosis? {
    box.tables.diagnosisAt[name].map { box.tables.diagnoses[$0] }
  }
  /// The segue with `identifier`; `showDiagnosis` is the seed's own unless declared, so a
  /// script of diagnoses only works.
  public func segue(_ identifier: String) -> Segue? {
    box.tables.segueAt[identifier].map { box.tables.segues[$0] }
      ?? (identifier == Registry.showDiagnosis.identifier ? Registry.showDiagnosis : nil)
  }

  /// The seed's `showDiagnosis`: pushed, with the tapped diagnosis as its happiness (a
  /// segue without happiness passes the diagnosis on).
  public static var showDiagnosis: Segue {
    Segue(
      identifier: "showDiagnosis", kind: .same("push"), happiness: nil, title: nil, size: nil,
      style: nil, location: .builtIn, plugin: nil)
  }
  /// The custom kind called `name`.
  public func kind(_ name: String) -> CustomKind? {
    box.tables.kindAt[name].map { box.tables.kinds[$0] }
  }
  /// The menu called `name`.
  public func menu(_ name: String) -> MenuDeclaration? {
    box.tables.menuAt[name].map { box.tables.menus[$0] }
  }
  /// Whether a diagnosis is called `name` (a tap asks, without copying it).
  public func declaresDiagnosis(_ name: String) -> Bool { box.tables.diagnosisAt[name] != nil }
  /// The named menus that list `button`, in declaration order.
  public func menus(listing button: String) -> [MenuDeclaration] {
    (box.tables.menusListing[button] ?? []).map { box.tables.menus[$0] }
  }
  /// The feature called `name`.
  public func feature(_ name: String) -> Feature? {
    box.tables.featureAt[name].map { box.tables.features[$0] }
  }

  /// Whether `feature` goes on every face: as it says, else unless a diagnosis names it,
  /// for `features = {"name"}` on a diagnosis reads as "on these faces".
  public func drawsEverywhere(_ feature: Feature) -> Bool {
    feature.everywhere ?? (box.tables.listings[feature.name] ?? 0 == 0)
  }

  /// The global style (the seed's when none was declared).
  public var globalStyle: FaceStyle { styles.last { $0.name == nil }?.style ?? FaceStyle() }

  /// The named style, or the global one for nil.
  public func style(_ name: String?) -> FaceStyle? {
    guard let name else { return globalStyle }
    return box.tables.styleAt[name].map { box.tables.styles[$0].style }
  }

  /// Adds a diagnosis, or reports it as a duplicate naming both places.
  mutating func add(_ d: Diagnosis, override: Bool) {
    let old = diagnosis(d.name)
    guard add(d, to: \.diagnoses, at: \.diagnosisAt, name: d.name, override, "diagnosis") else {
      return
    }
    for f in Set(old?.features ?? []) { tables.listings[f, default: 1] -= 1 }
    for f in Set(d.features) { tables.listings[f, default: 0] += 1 }
  }
  /// Adds a segue, or reports it as a duplicate naming both places.
  mutating func add(_ s: Segue, override: Bool) {
    add(s, to: \.segues, at: \.segueAt, name: s.identifier, override, "segue")
  }
  /// Adds a custom kind, or reports it as a duplicate naming both places.
  mutating func add(_ k: CustomKind, override: Bool) {
    add(k, to: \.kinds, at: \.kindAt, name: k.name, override, "segue_kind")
  }
  /// Adds a feature, or reports it as a duplicate naming both places.
  mutating func add(_ f: Feature, override: Bool) {
    add(f, to: \.features, at: \.featureAt, name: f.name, override, "feature")
  }
  /// Adds a menu, or reports it as a duplicate naming both places.
  mutating func add(_ m: MenuDeclaration, override: Bool) {
    guard add(m, to: \.menus, at: \.menuAt, name: m.name, override, "menu") else { return }
    var listing: [String: [Int]] = [:]
    for (i, menu) in box.tables.menus.enumerated() {
      for b in Set(menu.buttons) { listing[b, default: []].append(i) }
    }
    tables.menusListing = listing
  }
  /// Keeps `app { … }`, or reports a second one naming both places.
  mutating func add(_ a: AppDeclaration, override: Bool) {
    if let old = box.tables.app, !override {
      tables.problems.append(
        Problem(
          a.location,
          "app is declared twice: here and at \(old.location) (say override = true to replace it)"
        ))
      return
    }
    tables.app = a
  }
  /// Adds a named style, or reports it as a duplicate; the global style (no name) replaces
  /// the one before and goes last.
  mutating func add(_ s: StyleDeclaration, override: Bool) {
    guard let name = s.name else {
      if let i = styles.firstIndex(where: { $0.name == nil }) {
        tables.styles.remove(at: i)
        for (name, at) in box.tables.styleAt where at > i { tables.styleAt[name] = at - 1 }
      }
      tables.styles.append(s)
      return
    }
    add(s, to: \.styles, at: \.styleAt, name: name, override, "style")
  }

  /// Adds a declaration (or replaces the one of its name, when `override`), else reports it
  /// as a duplicate naming both places; true when it was kept.
  @discardableResult
  private mutating func add<T: Declared>(
    _ item: T, to list: WritableKeyPath<Tables, [T]>,
    at positions: WritableKeyPath<Tables, [String: Int]>, name: String, _ override: Bool,
    _ what: String
  ) -> Bool {
    guard let i = box.tables[keyPath: positions][name] else {
      tables[keyPath: positions][name] = box.tables[keyPath: list].count
      tables[keyPath: list].append(item)
      return true
    }
    if override {
      tables[keyPath: list][i] = item
      return true
    }
    tables.problems.append(
      Problem(
        item.location,
        "\(what) '\(name)' is declared twice: here and at \(box.tables[keyPath: list][i].location) (say override = true to replace it)"
      ))
    return false
  }
}
