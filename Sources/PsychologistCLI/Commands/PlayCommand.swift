import Options

/// `psychologist play SCRIPT`: the app in the terminal (the player is in Play.swift).
enum PlayCommand: Command {
  /// The script.
  static let script = Positional("SCRIPT", completes: .files(["lua"]))
  /// `--watch`.
  static let watch = Flag(
    "--watch", help: "reload whenever the script or a file it requires changes")

  static let name = "play"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "Play the app in the terminal: tap buttons, pan, pinch, rotate, go back.",
    options: SharedOptions.script + [watch, SharedOptions.color],
    details: [
      "keys:",
      "  1-9, a, c, …       tap the menu's button shown with that key, e.g. [1] flaying",
      "  Up/Down, k/j       pan: happiness +10 / -10",
      "  + / -              pinch: scale ×1.1 / ÷1.1",
      "  PgDn/PgUp, >/<     turn the menu's page when it has more buttons than fit",
      "  r                  rotate the device",
      "  m                  the iPad's bar button in portrait: the menu in a popover",
      "  b, Backspace, Esc  go back",
      "  q, Ctrl-C          quit",
      "  Ctrl-Z             suspend (the terminal restored); fg resumes",
      "a script error in a tap or a callback: shown as file:line, the scene before stays",
      "mouse: click a button (the bar button too), drag the face to pan, wheel to pinch",
      "colour: the bars, the back button and the status bar in the theme's colours;",
      "  --color never (or NO_COLOR) draws them plain: bold blue labels, reverse video",
      "example:",
      "  psychologist play examples/psychologist.lua --device ipad --orientation landscape",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode { try playCommand(args) }
}
