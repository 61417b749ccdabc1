import CLISupport
import Options
import Readable

/// `psychologist completions bash|zsh|fish`: the shell's completion script, written from
/// the command table that makes `--help`.
enum CompletionsCommand: Command {
  /// The shell.
  static let shell = Positional(
    "SHELL", completes: .choices { CompletionShell.allCases.map { $0.rawValue } })

  static let name = "completions"

  static let spec = CommandSpec(
    name, positionals: [shell],
    summary: "Print the completion script for bash, zsh or fish.",
    options: [],
    details: [
      "Tab then completes the commands, their options, an option's values (devices, formats,",
      "...), files by extension (SCRIPT: *.lua) and, after a script, the diagnoses and segues",
      "it declares (asked of psychologist list SCRIPT --json, which writes nothing).",
      "scripts/install installs all three where each shell looks for them.",
      "examples:",
      "  psychologist completions bash > ~/.local/share/bash-completion/completions/psychologist",
      "  psychologist completions zsh > ~/.local/share/zsh/site-functions/_psychologist",
      "  psychologist completions fish > ~/.config/fish/completions/psychologist.fish",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    let names = CompletionShell.allCases.map { $0.rawValue }
    guard let chosen = CompletionShell(rawValue: args[shell]) else {
      throw UsageError(
        "completions: SHELL must be \(alternatives(names)), got '\(args[shell])'\(suggestion(args[shell], names))"
      )
    }
    FileOutput.standard.write(completionTable.script(for: chosen))
    return .ok
  }
}
