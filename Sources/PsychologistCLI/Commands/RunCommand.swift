import Options
import Psychologist

/// `psychologist run SCRIPT [-- ARG...]`: runs a session script with its own arguments; its
/// declarations must be valid on the device it runs for, even when it starts no session.
enum RunCommand: Command {
  /// The session script.
  static let script = Positional("SCRIPT", completes: .files(["lua"]))
  /// What follows `--`: the script's own arguments.
  static let arguments = Rest("ARG")

  static let name = "run"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "Run a headless session script (see examples/session.lua).",
    options: SharedOptions.script + [SharedOptions.outputDirectory], rest: arguments,
    details: [
      "s:snapshot(\"x.svg\") writes SVG, \"x.png\" PNG (drawn by librsvg), \"x.txt\" ASCII.",
      "Words after -- are the script's, as lua5.4 gives them: arg[1], arg[2], … and ...",
      "(arg[0] is SCRIPT).",
      "example:", "  psychologist run examples/session.lua --output-dir out",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    if let dir = try args[SharedOptions.outputDirectory] { try makeOutputFolder(dir) }
    var options = try scriptOptions(args, outputFolder: SharedOptions.outputDirectory)
    options.arguments = args[arguments]
    options.notesUnreadInputs = true
    let script = try loadScript(args[Self.script], options)
    try requireValid(script, on: options.device)
    warnUnreadInputs(script)
    return .ok
  }
}
