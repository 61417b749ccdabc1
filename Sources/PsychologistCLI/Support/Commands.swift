import LuaHost
import Options
import TextMetrics

/// The version `--version` prints, and the man pages' source line.
let version = "psychologist 0.1.0"

/// What `--version` prints: the version, the commit it was built from and the linked Lua.
var versionLine: String { "\(version) (commit \(buildCommit), \(linkedLuaRelease))\n" }

/// A command of the command line, one type each: declared once (name, arguments, options,
/// help) for the parser, `--help`, the README's check and dispatch, and run with what the
/// parser read.
protocol Command: Sendable {
  /// What the command line calls it (`face`).
  static var name: String { get }
  /// Its name, arguments, options and help; made when first asked for, so a command line
  /// builds only its own command's (a spec of choices and closures is not free).
  static var spec: CommandSpec { get }
  /// Does what the command line asks; the status to exit with.
  static func run(_ args: ParsedArguments) throws -> ExitCode
}

/// Every command, in the order the top-level help lists them: the one table.
let commands: [any Command.Type] = [
  FaceCommand.self, ShowCommand.self, RunCommand.self, CheckCommand.self, ListCommand.self,
  BatchCommand.self, PlayCommand.self, StoryboardCommand.self, ExportCommand.self,
  ReelCommand.self, ManCommand.self, CompletionsCommand.self,
]

/// The command called `name`, or a usage error naming the commands there are.
func command(named name: String) throws(UsageError) -> any Command.Type {
  commands[try commandIndex(named: name, among: commands.map { $0.name })]
}

/// The longest command's name, which the top-level help's summaries line up after.
private let commandWidth = commands.map { $0.name.count }.max() ?? 6

/// Top-level help.
let mainHelp = """
  usage: psychologist COMMAND [options]

  Author diagnoses and segue tables in Lua; run them headless; see the face as SVG or in
  the terminal.

  commands:
  \(commands.map { "  " + $0.name.padding(commandWidth) + "  " + $0.spec.summary }.joined(separator: "\n"))

  Run `psychologist COMMAND --help` (or `psychologist help COMMAND`) for a command's options,
  `psychologist help lua [NAME]` for the Lua API (declarations, nav, pen, session, …).
  Plugins load from --plugin, then PSYCHOLOGIST_PATH (':'-separated folders or files; an
  entry that does not exist is a warning), then ~/.config/psychologist/plugins.
  Exit status: 0 ok, 1 script error, 2 usage error, 3 output not written, 130 interrupted.

  """

extension String {
  /// Padded with spaces to `n` terminal columns (a wide character counts two).
  func padding(_ n: Int) -> String { TerminalCells.padded(self, to: n) }
}
