// `theme "name" { … }`: the chrome's look declared in Lua, field by field over iOS 6's (the
// built-in `ios6`, which a script or plugin may declare again to change). A theme is
// chosen by `--theme NAME` or `session { theme = "name" }`; `check` reports a bad field as
// any declaration's, at its `file:line`.

import Files
import LuaHost
import Readable
import Render

/// A declared theme.
public struct ThemeDeclaration: Declared {
  /// Its name.
  public var name: String
  /// The look: iOS 6's with the declared fields applied.
  public var theme: Theme
  /// Where it was declared.
  public var location: SourceLocation
  /// The plugin file that declared it.
  public var plugin: String?
}

/// A theme's fields as Lua spells them, each with the property it sets.
enum ThemeFields {
  /// Colours (a name or `#rrggbb`).
  static var colors: [(String, WritableKeyPath<Theme, Color>)] {
    [
      ("background", \.background), ("status_bar", \.statusBar), ("status_text", \.statusText),
      ("bar_top", \.barTop), ("bar_bottom", \.barBottom), ("bar_edge", \.barEdge),
      ("title", \.title), ("back_top", \.backTop), ("back_bottom", \.backBottom),
      ("back_border", \.backBorder), ("back_text", \.backText), ("button_fill", \.buttonFill),
      ("button_border", \.buttonBorder), ("button_text", \.buttonText),
      ("popover_top", \.popoverTop), ("popover_bottom", \.popoverBottom),
      ("divider", \.divider),
    ]
  }
  /// Colours that may be `false` (none).
  static var optionalColors: [(String, WritableKeyPath<Theme, Color?>)] {
    [
      ("bar_highlight", \.barHighlight), ("title_shadow", \.titleShadow),
    ]
  }
  /// Sizes, radii and the dimming, with their ranges.
  static var numbers: [(String, WritableKeyPath<Theme, Double>, ClosedRange<Double>)] {
    [
      ("title_size", \.titleSize, 1...100), ("back_radius", \.backRadius, 0...50),
      ("button_size", \.buttonSize, 1...100), ("button_radius", \.buttonRadius, 0...50),
      ("popover_frame", \.popoverFrame, 0...50), ("popover_radius", \.popoverRadius, 0...50),
      ("popover_arrow_width", \.popoverArrowWidth, 0...100),
      ("popover_arrow_height", \.popoverArrowHeight, 0...100),
      ("popover_shadow", \.popoverShadow, 0...1),
      ("popover_shadow_blur", \.popoverShadowBlur, 0...100),
      ("back_height", \.backHeight, 1...44),
      ("back_height_landscape", \.backHeightLandscape, 1...32),
      ("dim", \.dim, 0...1),
    ]
  }
  /// Switches.
  static var bools: [(String, WritableKeyPath<Theme, Bool>)] {
    [
      ("status_from_bar", \.statusFromBar), ("title_bold", \.titleBold),
      ("back_bordered", \.backBordered), ("button_bold", \.buttonBold),
      ("button_centred", \.buttonCentred),
    ]
  }
  /// Every field a theme accepts.
  static let all: [String] =
    colors.map(\.0) + optionalColors.map(\.0) + numbers.map(\.0) + bools.map(\.0) + [
      "fonts", "override",
    ]
}

extension Script {
  /// Declares `theme "name" { field = value, … }`: iOS 6's look with the fields given.
  func declareTheme(_ name: String, _ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: "theme '\(name)'", location: location, texts: texts, known: ThemeFields.all)
    var theme = Theme.ios6
    theme.name = name
    // A colour's problem is placed at its field's line, with the nearest names the pen
    // offers and every form a colour may take (`false` too, where the field allows none).
    func color(_ key: String, orNone: Bool = false) -> Color? {
      guard let v = f.raw(key) else { return nil }
      guard let text = v.text else {
        let forms =
          orNone
          ? "a color name, #rgb, #rrggbb, or false for none" : "a color name, #rgb or #rrggbb"
        f.fail("\(key) must be \(forms), got \(luaText(v))", atKey: key)
        return nil
      }
      guard let c = Color(parsing: text) else {
        f.fail("\(key): " + unknownColor(text), atKey: key)
        return nil
      }
      return c
    }
    for (key, path) in ThemeFields.colors {
      if let c = color(key) { theme[keyPath: path] = c }
    }
    for (key, path) in ThemeFields.optionalColors {
      if f.raw(key) == .boolean(false) {
        theme[keyPath: path] = nil
      } else if let c = color(key, orNone: true) {
        theme[keyPath: path] = c
      }
    }
    for (key, path, range) in ThemeFields.numbers {
      if let v = f.number(key, in: range) { theme[keyPath: path] = v }
    }
    for (key, path) in ThemeFields.bools where f.raw(key) != nil {
      theme[keyPath: path] = f.bool(key)
    }
    if f.raw("fonts") != nil {
      let fonts = f.strings("fonts")
      if fonts.isEmpty { f.fail("fonts must name at least one font family") }
      // Each name goes into SVG's font-family list: a comma or quote would split it.
      if let bad = fonts.first(where: { $0.contains(",") || $0.contains("\"") || $0.isEmpty }) {
        f.fail("fonts: '\(bad)' is not a font family name")
      } else if !fonts.isEmpty {
        theme.fonts = fonts
      }
    }
    let decl = ThemeDeclaration(
      name: name, theme: theme, location: location, plugin: currentPlugin)
    let override = f.bool("override")
    declared {
      $0.problems += f.problems
      $0.noteUnknownFields(f.unknown, at: location)
      $0.add(decl, override: override)
    }
  }

  /// The theme called `name`: declared, else the built-in `ios6`.
  public func theme(named name: String) -> Theme? {
    if let d = registry.theme(name) { return d.theme }
    return name == Theme.ios6.name ? .ios6 : nil
  }

  /// The theme names a script may choose: the built-in `ios6` and every declared one.
  package var themeNames: [String] {
    let declared = registry.themes.map(\.name)
    return declared.contains(Theme.ios6.name) ? declared : [Theme.ios6.name] + declared
  }
}
