/// What the parser and the usage line know of a positional argument.
package struct PositionalDeclaration: Sendable, Equatable {
  /// Its placeholder (`SCRIPT`).
  package var name: String
  /// Takes one or more arguments (the last positional only): `SCRIPT...` in the usage.
  package var variadic: Bool
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
  /// A positional argument named `name` in the usage (`SCRIPT`).
  package init(_ name: String) {
    declaration = PositionalDeclaration(name: name, variadic: false)
  }
}

/// One or more positional arguments at the end, read as their texts in order.
package struct Positionals: PositionalKey {
  /// Its placeholder.
  package let declaration: PositionalDeclaration
  /// Positional arguments named `name` in the usage (`SCRIPT...`).
  package init(_ name: String) {
    declaration = PositionalDeclaration(name: name, variadic: true)
  }
}

/// The arguments after `--`, passed on as they are (`run SCRIPT -- ARG...`).
package struct Rest: Sendable, Equatable {
  /// Their placeholder (`ARG`).
  package var name: String
  /// Arguments after `--` named `name` in the usage (`[-- ARG...]`).
  package init(_ name: String) { self.name = name }
}
