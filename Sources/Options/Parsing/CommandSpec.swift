/// A command as the parser, `--help` and the usage line see it: its name, arguments,
/// options and help text.
package struct CommandSpec: Sendable {
  /// `face`, `show`, …
  package let name: String
  /// One line on what it does.
  package let summary: String
  /// Its positional arguments in order; only the last may be variadic.
  package let positionals: [PositionalDeclaration]
  /// The options it takes, in the order `--help` lists them.
  package let optionDeclarations: [OptionDeclaration]
  /// What the arguments after `--` are, when it passes them on; nil: they are positionals.
  package let rest: Rest?
  /// Lines of examples and notes for `--help`.
  package let details: [String]

  /// A command's specification.
  package init(
    _ name: String, positionals: [any PositionalKey] = [], summary: String,
    options: [any OptionKey], rest: Rest? = nil, details: [String] = []
  ) {
    self.name = name
    self.summary = summary
    self.positionals = positionals.map(\.declaration)
    optionDeclarations = options.map(\.declaration)
    self.rest = rest
    self.details = details
  }

  /// `psychologist show SCRIPT NAME [options]`.
  package var usage: String {
    let arguments = positionals.map {
      $0.variadic ? $0.name + "..." : $0.optional ? "[\($0.name)]" : $0.name
    }
    let options = optionDeclarations.isEmpty ? [] : ["[options]"]
    let rest = self.rest.map { ["[-- \($0.name)...]"] } ?? []
    return (["psychologist", name] + arguments + options + rest).joined(separator: " ")
  }
}
