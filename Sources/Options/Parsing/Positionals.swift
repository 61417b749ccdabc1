/// What the parser and the usage line know of a positional argument.
package struct PositionalDeclaration: Sendable, Equatable {
  /// Its placeholder (`SCRIPT`).
  package var name: String
  /// Takes one or more arguments (the last positional only): `SCRIPT...` in the usage.
  package var variadic: Bool
  /// What it is, for the man page and the shell completions.
  package var completion: ValueCompletion = .text
  /// May be left out (the last positional only): `[COMMAND]` in the usage.
  package var optional = false

  /// Two are the same argument when their names and arities are (how a command finds its
  /// key's value); what they complete to says nothing of which argument it is.
  package static func == (a: Self, b: Self) -> Bool {
    a.name == b.name && a.variadic == b.variadic && a.optional == b.optional
  }
}

/// A positional argument a command declares and reads back.
package protocol PositionalKey: Sendable {
  /// Its placeholder and arity.
  var declaration: PositionalDeclaration { get }
}

/// One required positional argument, read as its text.
package struct Positional: PositionalKey {
  /// Its placeholder.
  package let declaration: PositionalDeclaration
  /// A positional argument named `name` in the usage (`SCRIPT`), completed as `completion`
  /// says.
  package init(_ name: String, completes completion: ValueCompletion = .text) {
    declaration = PositionalDeclaration(name: name, variadic: false, completion: completion)
  }
}

/// A positional argument that may be left out, at the end, read as its text or nil.
package struct OptionalPositional: PositionalKey {
  /// Its placeholder.
  package let declaration: PositionalDeclaration
  /// An argument named `name` in the usage (`[COMMAND]`), completed as `completion` says.
  package init(_ name: String, completes completion: ValueCompletion = .text) {
    declaration = PositionalDeclaration(
      name: name, variadic: false, completion: completion, optional: true)
  }
}

/// One or more positional arguments at the end, read as their texts in order.
package struct Positionals: PositionalKey {
  /// Its placeholder.
  package let declaration: PositionalDeclaration
  /// Positional arguments named `name` in the usage (`SCRIPT...`), each completed as
  /// `completion` says.
  package init(_ name: String, completes completion: ValueCompletion = .text) {
    declaration = PositionalDeclaration(name: name, variadic: true, completion: completion)
  }
}

/// The arguments after `--`, passed on as they are (`run SCRIPT -- ARG...`).
package struct Rest: Sendable, Equatable {
  /// Their placeholder (`ARG`).
  package var name: String
  /// Arguments after `--` named `name` in the usage (`[-- ARG...]`).
  package init(_ name: String) { self.name = name }
}
