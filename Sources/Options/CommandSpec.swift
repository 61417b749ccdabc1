/// A command as the parser, `--help` and the usage line see it: its name, arguments,
/// options and help text.
package struct CommandSpec: Sendable {
  /// `face`, `show`, …
  package var name: String
  /// One line on what it does.
  package var summary: String
  /// Its positional arguments in order; only the last may be variadic.
  package var positionals: [any PositionalKey]
  /// The options it takes, in the order `--help` lists them.
  package var options: [any OptionKey]
  /// What the arguments after `--` are, when it passes them on; nil: they are positionals.
  package var rest: Rest?
  /// Lines of examples and notes for `--help`.
  package var details: [String]

  /// A command's specification.
  package init(
    _ name: String, positionals: [any PositionalKey] = [], summary: String,
    options: [any OptionKey], rest: Rest? = nil, details: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.positionals = positionals
    self.options = options
    self.rest = rest
    self.details = details
  }

  /// The declarations of its options.
  package var optionDeclarations: [OptionDeclaration] { options.map(\.declaration) }

  /// `psychologist show SCRIPT NAME [options]`.
  package var usage: String {
    let arguments = positionals.map(\.declaration).map { $0.variadic ? $0.name + "..." : $0.name }
    let options = self.options.isEmpty ? [] : ["[options]"]
    let rest = self.rest.map { ["[-- \($0.name)...]"] } ?? []
    return (["psychologist", name] + arguments + options + rest).joined(separator: " ")
  }
}
