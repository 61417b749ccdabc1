/// What the shell completions offer, read from the command table: the commands, each one's
/// options and what their values are, its positional arguments. The three shells' scripts
/// (`bash`, `zsh`, `fish`) are written from it, so none keeps a list of its own.
package struct CompletionTable: Sendable {
  /// The program's name, which the scripts complete (`psychologist`).
  package var program: String
  /// The commands, in the order offered; a pseudo-command such as `help` may be among them.
  package var commands: [CommandSpec]

  /// A table.
  package init(program: String, commands: [CommandSpec]) {
    self.program = program
    self.commands = commands
  }

  /// The script for `shell`.
  package func script(for shell: CompletionShell) -> String {
    switch shell {
    case .bash: bashScript
    case .zsh: zshScript
    case .fish: fishScript
    }
  }

  /// A shell function's name for this program (`_psychologist…`, `__psychologist…`).
  var functionStem: String {
    String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}

/// A shell `psychologist completions` writes a script for.
package enum CompletionShell: String, CaseIterable, Sendable {
  /// GNU bash with bash-completion.
  case bash
  /// zsh, through its completion system (`compinit`).
  case zsh
  /// fish.
  case fish
}

/// An awk program reading `psychologist list SCRIPT --json` (a section a line, a
/// declaration a line) and printing the names in the sections its `want` variable lists
/// (` diagnoses segues `): the completions' one reader of it. A name in parentheses, the
/// global style's `(global)`, is no name to type.
let declaredNamesAwk = #"""
  /^  "[a-z_]+": \[/ { section = $1; gsub(/[":\[\]]/, "", section); next }
  /^    \{"name": "[^(]/ && index(want, " " section " ") {
    name = $0; sub(/^    \{"name": "/, "", name); sub(/", ".*$/, "", name); print name
  }
  """#

extension CommandSpec {
  /// The options whose next word is their value, by every name they have.
  var valueTakingNames: [String] {
    optionDeclarations.filter { $0.placeholder != nil }.flatMap(\.allNames)
  }

  /// Every option's names, and `--help`.
  var optionNames: [String] { optionDeclarations.flatMap(\.allNames) + ["--help"] }
}

extension OptionDeclaration {
  /// `-o` and `--output`, or only the long name.
  var allNames: [String] { (short.map { [$0] } ?? []) + [name] }
}

/// `text` as one single-quoted word of a POSIX shell (zsh's and bash's quoting alike).
func singleQuoted(_ text: String) -> String {
  "'" + text.escaping(["'": #"'\''"#]) + "'"
}

extension String {
  /// The string with each character `replacements` names written as it says.
  func escaping(_ replacements: [Character: String]) -> String {
    var out = ""
    for c in self {
      if let r = replacements[c] { out += r } else { out.append(c) }
    }
    return out
  }
}
