/// What the parser and `--help` know of an option, whatever the type of its value. One
/// object a key: a command line finds a key's values, and checks its command declares it,
/// by the object, and copying it is a reference's.
package final class OptionDeclaration: Sendable {
  /// The long name with its dashes (`--happiness`).
  package let name: String
  /// A short alias (`-o`), if any.
  package let short: String?
  /// The value's placeholder (`N`); nil for a flag, which takes none.
  package let placeholder: String?
  /// What it does, one line.
  package let help: String
  /// May be given more than once (values accumulate).
  package let repeatable: Bool
  /// What its value is, for the man page and the shell completions: a choice, a file…
  package let completion: ValueCompletion
  /// What the value must be, in the words its refusal uses (`seconds from 0.001 to
  /// 86400`); nil when any text is taken.
  package let accepts: String?

  /// A declaration.
  package init(
    name: String, short: String?, placeholder: String?, help: String, repeatable: Bool,
    completion: ValueCompletion = .text, accepts: String? = nil
  ) {
    self.name = name
    self.short = short
    self.placeholder = placeholder
    self.help = help
    self.repeatable = repeatable
    self.completion = completion
    self.accepts = accepts
  }

  /// The same declaration, its value completed as `completion` says and described by
  /// `accepts` (when given).
  func with(
    completion: ValueCompletion? = nil, accepts: String? = nil, help: String? = nil
  ) -> OptionDeclaration {
    OptionDeclaration(
      name: name, short: short, placeholder: placeholder, help: help ?? self.help,
      repeatable: repeatable, completion: completion ?? self.completion,
      accepts: accepts ?? self.accepts)
  }
}

/// A key a command declares once and reads back typed: an `Option`, a `RepeatedOption` or
/// a `Flag`. The parser and `--help` see only its declaration.
package protocol OptionKey: Sendable {
  /// Its name, alias, placeholder and help.
  var declaration: OptionDeclaration { get }
}

/// Why a value was refused, in the words of `NAME must be EXPECTED, got 'VALUE'HINT`.
package struct Refusal: Error, Sendable {
  /// What the value must be (`a number from 0 to 100`).
  package var expected: String
  /// Said after the value (a suggestion such as ` (did you mean 'ipad'?)`), or "".
  package var hint: String

  /// A refusal saying what was expected.
  package init(_ expected: String, hint: String = "") {
    self.expected = expected
    self.hint = hint
  }
}

/// How an option's text becomes its value: the value, or a `Refusal`.
package typealias ValueReader<Value> = @Sendable (String) throws(Refusal) -> Value

/// An option given at most once, `--name VALUE` or `--name=VALUE`, read as a `Value`.
package struct Option<Value>: OptionKey {
  /// Its name, alias, placeholder and help.
  package internal(set) var declaration: OptionDeclaration
  /// Its text to its value.
  let read: ValueReader<Value>

  /// An option whose text `read` turns into its value.
  package init(
    _ name: String, short: String? = nil, value placeholder: String, help: String,
    read: @escaping ValueReader<Value>
  ) {
    declaration = OptionDeclaration(
      name: name, short: short, placeholder: placeholder, help: help, repeatable: false)
    self.read = read
  }
}

/// An option that may be given again and again; its values in the order given.
package struct RepeatedOption<Value>: OptionKey {
  /// Its name, alias, placeholder and help.
  package internal(set) var declaration: OptionDeclaration
  /// One value's text to the value.
  let read: ValueReader<Value>

  /// A repeatable option whose every text `read` turns into a value.
  package init(
    _ name: String, value placeholder: String, help: String, read: @escaping ValueReader<Value>
  ) {
    declaration = OptionDeclaration(
      name: name, short: nil, placeholder: placeholder, help: help, repeatable: true)
    self.read = read
  }
}

extension RepeatedOption where Value == String {
  /// A repeatable option whose values are its texts as given.
  package init(_ name: String, value placeholder: String, help: String) {
    self.init(name, value: placeholder, help: help) { text throws(Refusal) in text }
  }
}

/// An option without a value (`--screen`): given or not.
package struct Flag: OptionKey {
  /// Its name and help.
  package let declaration: OptionDeclaration

  /// A flag.
  package init(_ name: String, help: String) {
    declaration = OptionDeclaration(
      name: name, short: nil, placeholder: nil, help: help, repeatable: false)
  }
}

extension Option {
  /// The same option (read as itself: a command reads it by its name) with the help one
  /// command gives it, where the shared words would be wrong there (`check` tries every
  /// device unless `--device` names one).
  package func helping(_ help: String) -> Self {
    var copy = self
    copy.declaration = declaration.with(help: help)
    return copy
  }

  /// The same option, its value completed as `completion` says (a file, a folder, a name
  /// the script declares); the declaration is made anew, so give it before the key is used.
  package func completing(_ completion: ValueCompletion) -> Self {
    var copy = self
    copy.declaration = declaration.with(completion: completion)
    return copy
  }
}

extension RepeatedOption {
  /// The same option, its values completed as `completion` says.
  package func completing(_ completion: ValueCompletion) -> Self {
    var copy = self
    copy.declaration = declaration.with(completion: completion)
    return copy
  }
}
