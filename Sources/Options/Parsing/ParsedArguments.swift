/// A command line after parsing, read back through the keys its command declared.
///
/// Reading a key the command does not declare is a mistake in the program, not on the
/// command line: it stops the program, so a test that takes that path finds it.
package struct ParsedArguments: Sendable {
  /// The command it was parsed for.
  package let spec: CommandSpec
  /// The long names of the options given, in order, beside their values (a flag's is
  /// `""`): two arrays of strings rather than a dictionary, whose generic storage the
  /// runtime would build at every start (5% of a `face`'s instructions).
  var givenNames: [String] = []
  /// The values of `givenNames`, one each.
  var givenValues: [String] = []
  /// Positional arguments in order.
  var positionals: [String] = []
  /// The arguments after `--`, for a command that passes them on.
  var rest: [String] = []
  /// `-h` or `--help` was given.
  package internal(set) var wantsHelp = false

  /// An empty command line for `spec`.
  init(spec: CommandSpec) { self.spec = spec }

  /// The command's name.
  package var command: String { spec.name }

  /// The option's value, or nil when not given.
  package subscript<Value>(_ option: Option<Value>) -> Value? {
    get throws(UsageError) {
      guard let text = texts(option.declaration).last else { return nil }
      return try read(text, option.declaration, option.read)
    }
  }

  /// The option's values in the order given (none when not given).
  package subscript<Value>(_ option: RepeatedOption<Value>) -> [Value] {
    get throws(UsageError) {
      var read: [Value] = []
      for text in texts(option.declaration) {
        read.append(try self.read(text, option.declaration, option.read))
      }
      return read
    }
  }

  /// Whether the flag was given.
  package subscript(_ flag: Flag) -> Bool { !texts(flag.declaration).isEmpty }

  /// The positional argument.
  package subscript(_ positional: Positional) -> String { positionals[index(positional)] }

  /// The positional argument that may be left out, if given.
  package subscript(_ positional: OptionalPositional) -> String? {
    let i = index(positional)
    return i < positionals.count ? positionals[i] : nil
  }

  /// The positional arguments from this one to the end.
  package subscript(_ positionals: Positionals) -> [String] {
    Array(self.positionals[index(positionals)...])
  }

  /// The arguments after `--`.
  package subscript(_ rest: Rest) -> [String] {
    precondition(spec.rest == rest, "\(command) reads \(rest.name)..., which it does not declare")
    return self.rest
  }

  /// Whether the option was given.
  package func given<Key: OptionKey>(_ key: Key) -> Bool { !texts(key.declaration).isEmpty }

  /// The option's last text as given (for a message that quotes it), or nil.
  package func text<Key: OptionKey>(_ key: Key) -> String? { texts(key.declaration).last }

  /// Whether the command takes the option (a helper shared by commands that do and do not).
  package func takes<Key: OptionKey>(_ key: Key) -> Bool { takes(key.declaration) }

  /// By name: a command may declare a shared option with words of its own (`helping`).
  private func takes(_ declaration: OptionDeclaration) -> Bool {
    spec.optionDeclarations.contains { $0.name == declaration.name }
  }

  private func texts(_ declaration: OptionDeclaration) -> [String] {
    precondition(
      takes(declaration), "\(command) reads \(declaration.name), which it does not declare")
    return texts(named: declaration.name)
  }

  /// The values given to the option with long name `name`, in order.
  func texts(named name: String) -> [String] {
    givenNames.indices.compactMap { givenNames[$0] == name ? givenValues[$0] : nil }
  }

  private func index(_ key: any PositionalKey) -> Int {
    guard let i = spec.positionals.firstIndex(of: key.declaration) else {
      preconditionFailure("\(command) reads \(key.declaration.name), which it does not declare")
    }
    return i
  }

  private func read<Value>(
    _ text: String, _ declaration: OptionDeclaration, _ reader: ValueReader<Value>
  ) throws(UsageError) -> Value {
    do { return try reader(text) } catch {
      throw UsageError("\(declaration.name) must be \(error.expected), got '\(text)'\(error.hint)")
    }
  }
}
