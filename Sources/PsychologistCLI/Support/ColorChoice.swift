import CLISupport
import Render

/// `--color`: whether a terminal gets colours.
enum ColorChoice: String, CaseIterable, Sendable {
  /// Colour even off a TTY, and despite `NO_COLOR` or `TERM=dumb`.
  case always
  /// No colour.
  case never
  /// Colour on a TTY unless `NO_COLOR` or `TERM=dumb` says otherwise (the default).
  case auto
}

/// The colours a terminal gets, decided from `--color` and the environment (Render only
/// follows the mode it is given). `choice` "never" gives none; "always" gives colour even
/// off a TTY (and despite `NO_COLOR` or `TERM=dumb`); "auto" gives none off a TTY, when
/// `NO_COLOR` is set and non-empty, or when `TERM` is `dumb`. The depth: 24-bit when
/// `COLORTERM` is `truecolor` or `24bit`, else the 256-colour palette, which every terminal
/// of the last decades shows: with only 16, a custom `#rrggbb` would mostly come out grey.
func colorMode(isTTY: Bool, environment: Environment, choice: ColorChoice) -> ColorMode {
  if choice == .never { return .none }
  let term = environment["TERM"] ?? ""
  if choice != .always {
    if !isTTY { return .none }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    if term == "dumb" { return .none }
  }
  let colorterm = (environment["COLORTERM"] ?? "").lowercased()
  return colorterm == "truecolor" || colorterm == "24bit" ? .truecolor : .ansi256
}
