import Readable

/// What an option's value or a positional argument is, as the man page describes it and the
/// shell completions offer it: declared once beside the option, so neither keeps a second
/// list.
package enum ValueCompletion: Sendable {
  /// Any text: nothing to offer.
  case text
  /// One of these words (an enum's cases); listed only when asked for, since listing an
  /// enum's cases costs a command line that never asks.
  case choices(@Sendable () -> [String])
  /// A file; with extensions (`lua`), one of those (and folders, to get there).
  case files([String])
  /// A folder.
  case folders
  /// A name the script (the command's first positional) declares, from these sections of
  /// `psychologist list SCRIPT --json` (`diagnoses`, `segues`, `styles`, `themes`), or
  /// one of the names `builtIn` gives, which need no declaration (the theme `ios6`; asked
  /// only when a page or a script is written).
  case declared([String], builtIn: @Sendable () -> [String] = { [] })

  /// The words of `.choices`; empty for every other kind.
  package var words: [String] {
    if case .choices(let list) = self { return list() }
    return []
  }
}
