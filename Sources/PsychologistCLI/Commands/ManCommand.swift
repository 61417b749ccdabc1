import CLISupport
import Options

/// `psychologist man [COMMAND]`: a man page in roff, written from the command table that
/// makes `--help`.
enum ManCommand: Command {
  /// The command whose page to print; none: psychologist(1).
  static let page = OptionalPositional(
    "COMMAND", completes: .choices { commands.map { $0.name } })

  /// `--output-dir`: every page, as files.
  static let outputDirectory = Option<String>(
    "--output-dir", value: "DIR",
    help:
      "write every page into DIR, made if missing: psychologist.1 and psychologist-COMMAND.1 (COMMAND is then not given)"
  ).completing(.folders)

  static let name = "man"

  static let spec = CommandSpec(
    name, positionals: [page],
    summary: "Print a man page in roff: psychologist(1), or psychologist-COMMAND(1).",
    options: [outputDirectory],
    details: [
      "The pages say what --help says, from the same table: every option with the values it",
      "takes, exit status, environment, files, examples. scripts/install installs them all",
      "under ~/.local/share/man/man1, so that man psychologist and man psychologist-show work.",
      "examples:",
      "  psychologist man | man -l -",
      "  psychologist man show > psychologist-show.1",
      "  psychologist man --output-dir ~/.local/share/man/man1",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    if let dir = try args[outputDirectory] {
      if let name = args[page] {
        throw UsageError("man: give COMMAND or --output-dir, not both (got '\(name)')")
      }
      try makeOutputFolder(dir)
      // Each page is written whole or not at all, so a second install replaces them.
      try write(Array(toolManual.mainPage.utf8), to: dir + "/" + toolManual.name + ".1")
      for command in commands {
        let page = toolManual.page(command.spec)
        try write(Array(page.utf8), to: dir + "/" + toolManual.pageName(command.spec) + ".1")
      }
      return .ok
    }
    guard let name = args[page] else {
      FileOutput.standard.write(toolManual.mainPage)
      return .ok
    }
    FileOutput.standard.write(toolManual.page(try command(named: name).spec))
    return .ok
  }
}
