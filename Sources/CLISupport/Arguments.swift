import LuaHost

/// One option of a command: `--name VALUE` / `--name=VALUE`, or a flag `--name`.
package struct OptionSpec: Sendable {
  /// The long name with its dashes (`--happiness`).
  package var name: String
  /// A short alias (`-o`), if any.
  package var short: String?
  /// The value's placeholder (`N`), nil for a flag.
  package var value: String?
  /// What it does, one line.
  package var help: String
  /// May be given more than once (values accumulate).
  package var repeatable: Bool

  /// An option taking a value (or a flag when `value` is nil).
  package init(
    _ name: String, short: String? = nil, value: String? = nil, help: String,
    repeatable: Bool = false
  ) {
    self.name = name
    self.short = short
    self.value = value
    self.help = help
    self.repeatable = repeatable
  }
}

/// A command: its name, positional arguments, options and help text.
package struct CommandSpec: Sendable {
  /// `face`, `show`, …
  package var name: String
  /// Positional argument names (`SCRIPT`, `NAME`); a trailing `...` takes one or more.
  package var positionals: [String]
  /// One line on what it does.
  package var summary: String
  /// Options it accepts.
  package var options: [OptionSpec]
  /// Lines of examples and notes for `--help`.
  package var details: [String]

  /// A command specification.
  package init(
    _ name: String, positionals: [String] = [], summary: String, options: [OptionSpec],
    details: [String] = []
  ) {
    self.name = name
    self.positionals = positionals
    self.summary = summary
    self.options = options
    self.details = details
  }

  /// `psychologist show SCRIPT NAME [options]`.
  package var usage: String {
    (["psychologist", name] + positionals + (options.isEmpty ? [] : ["[options]"]))
      .joined(separator: " ")
  }

  /// The full `--help` text.
  package var help: String {
    var lines = ["usage: \(usage)", "", summary]
    if !options.isEmpty {
      lines.append("")
      lines.append("options:")
      let shown = options.map { o -> (String, String) in
        var left = o.short.map { "\($0), " } ?? "    "
        left += o.name + (o.value.map { " \($0)" } ?? "")
        return (left, o.help + (o.repeatable ? " (repeatable)" : ""))
      }
      let width = (shown.map(\.0.count).max() ?? 0) + 2
      for (l, r) in shown {
        lines.append("  " + l + String(repeating: " ", count: width - l.count) + r)
      }
      lines.append(
        "  -h, --help" + String(repeating: " ", count: max(width - 10, 2)) + "show this help")
    }
    if !details.isEmpty {
      lines.append("")
      lines += details
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// A command line after parsing: the command, option values and positional arguments.
package struct ParsedArguments: Equatable, Sendable {
  /// The command's name.
  package var command: String
  /// Values by long option name; flags map to `[""]`.
  package var options: [String: [String]] = [:]
  /// Positional arguments in order.
  package var positionals: [String] = []
  /// `--help` was asked for.
  package var wantsHelp = false

  /// The last value of an option.
  package func value(_ name: String) -> String? { options[name]?.last }
  /// Whether a flag (or option) was given.
  package func has(_ name: String) -> Bool { options[name] != nil }
  /// Every value of a repeatable option.
  package func values(_ name: String) -> [String] { options[name] ?? [] }
}

/// A mistake on the command line: exit status 2 and a one-line reason.
package struct UsageError: Error, CustomStringConvertible, Sendable {
  /// The reason.
  package var description: String
  /// An error with a reason.
  package init(_ description: String) { self.description = description }
}

/// Parses `arguments` (without the program name) for one of `commands`.
package func parseArguments(_ arguments: [String], commands: [CommandSpec]) throws(UsageError)
  -> ParsedArguments
{
  guard let first = arguments.first else { throw UsageError("no command given (try --help)") }
  guard let spec = commands.first(where: { $0.name == first }) else {
    let names = commands.map(\.name)
    throw UsageError(
      "unknown command '\(first)'\(suggestion(first, names)) (commands: \(names.joined(separator: ", ")))"
    )
  }
  var parsed = ParsedArguments(command: spec.name)
  var i = 1
  var onlyPositionals = false
  while i < arguments.count {
    let arg = arguments[i]
    i += 1
    if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
      parsed.positionals.append(arg)
      continue
    }
    if arg == "--" {
      onlyPositionals = true
      continue
    }
    if arg == "-h" || arg == "--help" {
      parsed.wantsHelp = true
      continue
    }
    var name = arg
    var inline: String?
    if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
      name = String(arg[..<eq])
      inline = String(arg[arg.index(after: eq)...])
    }
    guard let option = spec.options.first(where: { $0.name == name || $0.short == name }) else {
      if Double(arg) != nil {  // a negative number is a value, not an option
        parsed.positionals.append(arg)
        continue
      }
      throw UsageError(
        "\(spec.name): unknown option '\(name)'\(suggestion(name, spec.options.map(\.name)))")
    }
    let value: String
    if option.value == nil {
      guard inline == nil else { throw UsageError("\(spec.name): \(option.name) takes no value") }
      value = ""
    } else if let inline {
      value = inline
    } else {
      guard i < arguments.count else {
        throw UsageError("\(spec.name): \(option.name) needs a value (\(option.value!))")
      }
      value = arguments[i]
      i += 1
    }
    if parsed.options[option.name] != nil && !option.repeatable {
      throw UsageError("\(spec.name): \(option.name) given twice")
    }
    parsed.options[option.name, default: []].append(value)
  }
  if parsed.wantsHelp { return parsed }
  let variadic = spec.positionals.last?.hasSuffix("...") == true
  let required = spec.positionals.count
  if parsed.positionals.count < required {
    let missing = spec.positionals[parsed.positionals.count]
    throw UsageError("\(spec.name): missing \(missing.replacingDots) (usage: \(spec.usage))")
  }
  if !variadic && parsed.positionals.count > required {
    throw UsageError(
      "\(spec.name): unexpected argument '\(parsed.positionals[required])' (usage: \(spec.usage))")
  }
  return parsed
}

extension String {
  fileprivate var replacingDots: String { hasSuffix("...") ? String(dropLast(3)) : self }
}
