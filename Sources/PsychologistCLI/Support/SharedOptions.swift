import Options
import Psychologist
import Storyboard

/// The options several commands take, each declared once: the commands list them in their
/// specifications and read them back through these keys.
enum SharedOptions {
  /// `--device`: the device sessions and faces are drawn for.
  static let device = Option<Device>(
    "--device", value: "D",
    help: "iphone (320×480), iphone5 (320×568) or ipad (768×1024); default iphone",
    suggests: true)
  /// `--orientation`.
  static let orientation = Option<Orientation>(
    "--orientation", value: "O", help: "portrait (default) or landscape (swaps the sides)")
  /// `--format` of `face` and `show`.
  static let format = Option<OutputFormat>(
    "--format", value: "F",
    help: "svg, terminal or ascii; default terminal on a TTY, else svg (and svg for -o *.svg)")
  /// `-o`, `--output`.
  static let output = Option<String>(
    "--output", short: "-o", value: "FILE",
    help:
      "write to FILE (atomically; only a regular file is replaced) instead of stdout; - is stdout; FILE.png is PNG, drawn by librsvg"
  ).completing(.files([]))
  /// `--color`.
  static let color = Option<ColorChoice>(
    "--color", value: "WHEN",
    help: "always, never or auto (default; NO_COLOR and TERM=dumb turn it off)")
  /// `--output-dir` of `show` and `run`: where a session's snapshots go.
  static let outputDirectory = Option<String>(
    "--output-dir", value: "DIR",
    help:
      "where snapshots and frames go, made if missing (default: the current folder); nothing is written outside it"
  ).completing(.folders)
  /// `--plugin`, repeatable.
  static let plugin = RepeatedOption<String>(
    "--plugin", value: "PATH",
    help: "load a plugin file or folder (*.lua in name order) before the script"
  ).completing(.files(["lua"]))
  /// `--style`.
  static let style = Option<String>(
    "--style", value: "NAME", help: "draw every face in the named style"
  ).completing(.declared(["styles"]))
  /// `--theme`.
  static let theme = Option<String>(
    "--theme", value: "NAME", help: "draw the screen's chrome in the named theme (default ios6)"
  ).completing(.declared(["themes"], builtIn: { [Theme.ios6.name] }))
  /// `--time-limit`.
  static let timeLimit = Option<Double>(
    "--time-limit", value: "S",
    help:
      "seconds one call into the script, or a command's walk of the screens, may run, 0.001 to 86400 (default 10)",
    in: 0.001...86400, unit: "seconds")
  /// `--memory-limit`.
  static let memoryLimit = Option<Double>(
    "--memory-limit", value: "MiB", help: "memory the script may hold, 1 to 65536 (default 256)",
    in: 1...65536, unit: "MiB")

  /// `--traceback`.
  static let traceback = Option<Switch>(
    "--traceback", value: "on|off",
    help:
      "on (default): a runtime error shows the script's frames that led to it; off: the error alone"
  )

  /// What every command that loads a script takes (`scriptOptions` reads them).
  /// `--fps`.
  static let fps = Option<Int>(
    "--fps", value: "N",
    help: "frames a second of a GIF, MP4, WebM or animated PNG, 1 to 60 (default 30)",
    wholeIn: 1...60)
  /// `--pixel-scale`.
  static let pixelScale = Option<Int>(
    "--pixel-scale", value: "N",
    help: "pixels a point of a GIF, MP4, WebM or animated PNG, 1 to 4 (2: retina-sharp; default 1)",
    wholeIn: 1...4)
  /// `--hold`.
  static let hold = Option<Double>(
    "--hold", value: "S",
    help: "seconds a clip holds the screen after each transition, 0 to 60 (default 1)",
    in: 0...60, unit: "seconds")
  /// What every command writing a clip (a moving picture) takes.
  static let clip: [any OptionKey] = [fps, pixelScale, hold]

  static let script: [any OptionKey] = [
    device, orientation, plugin, style, theme, timeLimit, memoryLimit, traceback,
  ]
}

/// `on` or `off`.
enum Switch: String, CaseIterable, Sendable {
  /// Turned on.
  case on
  /// Turned off.
  case off
}
