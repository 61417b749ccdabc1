import Readable

/// Where `name` stands among the commands' `names`, or a usage error naming them.
package func commandIndex(named name: String, among names: [String]) throws(UsageError) -> Int {
  guard let index = names.firstIndex(of: name) else {
    throw UsageError(
      "unknown command '\(name)'\(suggestion(name, names)) (commands: \(names.joined(separator: ", ")))"
    )
  }
  return index
}

/// Parses a command's arguments: options anywhere (`--name VALUE`, `--name=VALUE`, `-o
/// VALUE`, flags), a negative number or `-` as a positional, and after `--` positionals only
/// (or, for a command that passes them on, its `Rest`). With `--help` the arguments are
/// not checked further.
package func parseArguments(_ arguments: ArraySlice<String>, for spec: CommandSpec)
  throws(UsageError) -> ParsedArguments
{
  var parsed = ParsedArguments(spec: spec)
  var remaining = arguments
  while let argument = remaining.popFirst() {
    if argument == "--" {
      if spec.rest != nil {
        parsed.rest = Array(remaining)
      } else {
        parsed.positionals += remaining
      }
      break
    }
    if argument == "-" || !argument.hasPrefix("-") {
      parsed.positionals.append(argument)
    } else if argument == "-h" || argument == "--help" {
      parsed.wantsHelp = true
    } else {
      try parseOption(argument, &remaining, into: &parsed)
    }
  }
  if !parsed.wantsHelp { try checkPositionals(parsed) }
  return parsed
}

/// One option and its value (inline after `=`, or the next argument), into `parsed`.
private func parseOption(
  _ argument: String, _ remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments
) throws(UsageError) {
  let spec = parsed.spec
  var name = argument
  var inline: String?
  if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
    name = String(argument[..<eq])
    inline = String(argument[argument.index(after: eq)...])
  }
  let declarations = spec.optionDeclarations
  guard let option = declarations.first(where: { $0.name == name || $0.short == name }) else {
    // A negative number is a value, not an option.
    guard Double(argument) == nil else {
      parsed.positionals.append(argument)
      return
    }
    throw UsageError(
      "\(spec.name): unknown option '\(name)'\(suggestion(name, declarations.map(\.name)))")
  }
  let value = try optionValue(option, inline: inline, &remaining, command: spec.name)
  if !option.repeatable && parsed.givenNames.contains(option.name) {
    throw UsageError("\(spec.name): \(option.name) given twice")
  }
  parsed.givenNames.append(option.name)
  parsed.givenValues.append(value)
}

/// The value an option takes: `""` for a flag, else the inline text or the next argument.
private func optionValue(
  _ option: OptionDeclaration, inline: String?, _ remaining: inout ArraySlice<String>,
  command: String
) throws(UsageError) -> String {
  guard let placeholder = option.placeholder else {
    guard inline == nil else { throw UsageError("\(command): \(option.name) takes no value") }
    return ""
  }
  if let inline { return inline }
  guard let next = remaining.popFirst() else {
    throw UsageError("\(command): \(option.name) needs a value (\(placeholder))")
  }
  return next
}

/// As many positional arguments as the command declares (or more, when the last is variadic).
private func checkPositionals(_ parsed: ParsedArguments) throws(UsageError) {
  let spec = parsed.spec
  let declared = spec.positionals
  let count = parsed.positionals.count
  if count < declared.filter({ !$0.optional }).count {
    throw UsageError("\(spec.name): missing \(declared[count].name) (usage: \(spec.usage))")
  }
  if declared.last?.variadic != true && count > declared.count {
    throw UsageError(
      "\(spec.name): unexpected argument '\(parsed.positionals[declared.count])' (usage: \(spec.usage))"
    )
  }
}
