import Options
import Psychologist

/// `psychologist run SCRIPT`: runs a session script; its declarations must be valid on the
/// device it runs for, even when it starts no session.
enum RunCommand: Command {
  /// The session script.
  static let script = Positional("SCRIPT")
  /// What follows `--`: the script's own arguments.
  static let arguments = Rest("ARG")

  static let name = "run"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "Run a headless session script (see examples/session.lua).",
    options: SharedOptions.script + [SharedOptions.outputDirectory], rest: arguments,
    details: [
      "s:snapshot(\"x.svg\") writes SVG, \"x.png\" PNG (drawn by librsvg), \"x.txt\" ASCII.",
      "example:", "  psychologist run examples/session.lua --output-dir out",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    if let dir = try args[SharedOptions.outputDirectory] { try makeOutputFolder(dir) }
    let options = try scriptOptions(args, outputFolder: SharedOptions.outputDirectory)
    // The library has no `arg` table yet to hand them to: refused as before `--` was read.
    if let first = args[arguments].first {
      throw UsageError("run: unexpected argument '\(first)' (usage: \(spec.usage))")
    }
    let script = try loadScript(args[Self.script], options)
    try requireValid(script, on: options.device)
    return .ok
  }
}
