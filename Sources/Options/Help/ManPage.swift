/// What the tool's man pages say beyond its commands' own declarations: the tool's name and
/// version, what it is, how it exits, the environment and files it reads, examples. The
/// commands come from the command table, so the pages say what `--help` says.
package struct ToolManual: Sendable {
  /// The program's name (`psychologist`).
  package var name: String
  /// What `--version` prints first (`psychologist 0.1.0`), the pages' source line.
  package var version: String
  /// One line for the NAME section.
  package var summary: String
  /// Paragraphs of the DESCRIPTION.
  package var description: [String]
  /// The commands, in the table's order.
  package var commands: [CommandSpec]
  /// Commands without a table entry (`help`): the usage words and what they do.
  package var otherCommands: [(usage: String, summary: String)]
  /// Each exit status and its cause.
  package var exitStatus: [(status: Int32, cause: String)]
  /// Each environment variable read and what it changes.
  package var environment: [(name: String, effect: String)]
  /// Each file or folder read and what it holds.
  package var files: [(path: String, holds: String)]
  /// Command lines for the main page's EXAMPLES.
  package var examples: [String]

  /// A manual.
  package init(
    name: String, version: String, summary: String, description: [String],
    commands: [CommandSpec], otherCommands: [(usage: String, summary: String)],
    exitStatus: [(status: Int32, cause: String)], environment: [(name: String, effect: String)],
    files: [(path: String, holds: String)], examples: [String]
  ) {
    self.name = name
    self.version = version
    self.summary = summary
    self.description = description
    self.commands = commands
    self.otherCommands = otherCommands
    self.exitStatus = exitStatus
    self.environment = environment
    self.files = files
    self.examples = examples
  }

  /// `psychologist-face`: a command's page's name.
  package func pageName(_ command: CommandSpec) -> String { "\(name)-\(command.name)" }

  /// psychologist(1) in roff: every command in a line, the options every command knows, exit
  /// status, environment, files, examples, and the commands' own pages.
  package var mainPage: String {
    var roff = header(name, summary: summary)
    roff += [
      ".SH SYNOPSIS",
      "\(bold(name)) \(italic("COMMAND")) [\(italic("options"))]",
      ".br",
      "\(bold(name)) \(bold("\\-\\-version"))",
      ".br",
      "\(bold(name)) \(bold("help")) [\(italic("COMMAND"))]",
      ".SH DESCRIPTION",
    ]
    roff += description.flatMap { [".PP", text($0)] }
    roff += [".SH COMMANDS"]
    for command in commands {
      roff += [
        ".TP", bold(command.name), text(command.summary),
        "See \(bold("\\%" + roffEscaped(pageName(command))))(1).",
      ]
    }
    for other in otherCommands {
      roff += [".TP", bold(roffEscaped(other.usage)), text(other.summary)]
    }
    roff += [
      ".SH OPTIONS",
      ".TP", "\(bold("\\-h")), \(bold("\\-\\-help"))",
      "Show the usage and the commands; after a command, that command's options.",
      ".TP", "\(bold("\\-V")), \(bold("\\-\\-version"))",
      "Show the version, the commit it was built from and the Lua version.",
    ]
    roff += commonSections(examples: examples)
    roff += seeAlso(commands.map { pageName($0) })
    return roff.joined(separator: "\n") + "\n"
  }

  /// psychologist-COMMAND(1) in roff: its synopsis, what it does, every option with what
  /// it takes, then exit status, environment, files and its examples.
  package func page(_ command: CommandSpec) -> String {
    var roff = header(pageName(command), summary: command.summary)
    roff += [".SH SYNOPSIS", synopsis(command), ".SH DESCRIPTION", text(command.summary)]
    let (prose, examples) = split(command.details)
    roff += prose
    if !command.optionDeclarations.isEmpty {
      roff += [".SH OPTIONS"]
      for option in command.optionDeclarations { roff += item(option) }
      roff += [".TP", "\(bold("\\-h")), \(bold("\\-\\-help"))", "Show this command's help."]
    }
    roff += commonSections(examples: examples)
    roff += seeAlso([name] + commands.filter { $0.name != command.name }.map { pageName($0) })
    return roff.joined(separator: "\n") + "\n"
  }

  // MARK: the parts

  private func header(_ page: String, summary: String) -> [String] {
    [
      ".TH \(roffEscaped(page.uppercased())) 1 \"\" \"\(roffEscaped(version))\" \"User Commands\"",
      ".SH NAME",
      "\(roffEscaped(page)) \\- \(roffEscaped(summary))",
    ]
  }

  /// `psychologist show SCRIPT NAME [options] [-- ARG...]`, the command in bold.
  private func synopsis(_ command: CommandSpec) -> String {
    var words = [bold("\(name) \(command.name)")]
    for p in command.positionals {
      let word = italic(p.name) + (p.variadic ? "..." : "")
      words.append(p.optional ? "[\(word)]" : word)
    }
    if !command.optionDeclarations.isEmpty { words.append("[\(italic("options"))]") }
    if let rest = command.rest { words.append("[\\-\\- \(italic(rest.name))...]") }
    return words.joined(separator: " ")
  }

  /// One option: its names, then its help, what its value must be and may be.
  private func item(_ option: OptionDeclaration) -> [String] {
    var names =
      (option.short.map { bold(roffEscaped($0)) + ", " } ?? "")
      + bold(roffEscaped(option.name))
    if let placeholder = option.placeholder { names += " " + italic(roffEscaped(placeholder)) }
    let help = option.help
    var lines = [
      ".TP", names, text(help.hasSuffix(".") || help.hasSuffix("…") ? help : help + "."),
    ]
    let words = option.completion.words
    if !words.isEmpty {
      lines.append("Values: " + words.map { bold(roffEscaped($0)) }.joined(separator: ", ") + ".")
    } else if case .declared(let sections, let builtIn) = option.completion {
      let also = builtIn().map { ", or " + bold(roffEscaped($0)) }.joined()
      lines.append(
        text("Values: a name the script declares (\(sections.joined(separator: ", ")))") + also
          + ".")
    } else if let accepts = option.accepts {
      lines.append(text("Takes " + accepts + "."))
    }
    if option.repeatable { lines.append("May be given more than once.") }
    return lines
  }

  private func commonSections(examples: [String]) -> [String] {
    var roff = [".SH EXIT STATUS"]
    for (status, cause) in exitStatus { roff += [".TP", bold("\(status)"), text(cause)] }
    roff += [".SH ENVIRONMENT"]
    for (variable, effect) in environment { roff += [".TP", bold(variable), text(effect)] }
    roff += [".SH FILES"]
    for (path, holds) in files { roff += [".TP", italic(roffEscaped(path)), text(holds)] }
    if !examples.isEmpty {
      roff += [".SH EXAMPLES", ".nf", ".RS 4"] + examples.map(verbatim) + [".RE", ".fi"]
    }
    return roff
  }

  private func seeAlso(_ pages: [String]) -> [String] {
    // \% keeps a page's name from being hyphenated across lines.
    [".SH SEE ALSO", pages.map { "\(bold("\\%" + roffEscaped($0)))(1)" }.joined(separator: ",\n")]
  }

  /// A command's details as DESCRIPTION paragraphs, and the command lines under its
  /// `examples:` (or `example:`) line.
  private func split(_ details: [String]) -> (prose: [String], examples: [String]) {
    var prose: [String] = []
    var examples: [String] = []
    var inExamples = false
    var inVerbatim = false
    // After a block of lines kept as they are, the next line starts a paragraph.
    func endVerbatim() {
      if inVerbatim { prose += [".fi", ".RE", ".PP"] }
      inVerbatim = false
    }
    for line in details {
      let trimmed = line.trimmingLeadingSpaces
      if !line.hasPrefix(" "), line.lowercased().hasPrefix("example"), line.hasSuffix(":") {
        endVerbatim()
        inExamples = true
        continue
      }
      if inExamples, line.hasPrefix(" ") {
        examples.append(trimmed)
        continue
      }
      inExamples = false
      if line.isEmpty {
        endVerbatim()
        prose.append(".PP")
      } else if line.hasPrefix(" ") {
        if !inVerbatim { prose += [".RS 4", ".nf"] }
        inVerbatim = true
        prose.append(verbatim(trimmed))
      } else {
        endVerbatim()
        // `keys:` heads what follows; `mouse: …` is a line of its own in --help too.
        if line.hasSuffix(":") || startsWithLabel(line), prose.last != ".PP" {
          prose.append(".PP")
        }
        prose.append(text(line))
      }
    }
    endVerbatim()
    return (prose.isEmpty ? [] : [".PP"] + prose, examples)
  }
}

// MARK: roff text

/// `text` safe in roff: a backslash and a minus escaped, every character past ASCII as its
/// code point (`\[u00D7]`), so any groff or mandoc reads it whatever its input encoding.
package func roffEscaped(_ text: String) -> String {
  var out = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": out += "\\e"
    case "-": out += "\\-"
    // Characters groff names, so a terminal without UTF-8 still shows them (as x, <=, ...).
    case "…": out += "..."
    case "×": out += "\\(mu"
    case "≤": out += "\\(<="
    case "≥": out += "\\(>="
    case "—": out += "\\(em"
    case "–": out += "\\(en"
    case "·": out += "\\(pc"
    case "→": out += "\\(->"
    case _ where scalar.value > 0x7E || scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// A line of running text: escaped, and never read as a request (a line starting with `.`
/// or `'`) nor as a break (a leading space).
private func text(_ line: String) -> String {
  let escaped = roffEscaped(line.trimmingLeadingSpaces)
  return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
}

/// A line kept as it is, in no-fill mode.
/// A line kept as it is, in no-fill mode. An ellipsis becomes three dots (see
/// `roffEscaped`), so where three or more spaces follow it two are dropped, and the
/// columns after it stay where --help has them.
private func verbatim(_ line: String) -> String {
  let characters = Array(line)
  var kept = ""
  var i = 0
  while i < characters.count {
    kept.append(characters[i])
    let spaces = characters[(i + 1)...].prefix { $0 == " " }.count
    i += characters[i] == "…" && spaces >= 3 ? 3 : 1
  }
  return text(kept)
}

/// Starts with a one-word label (`mouse: click a button`), as a line of its own does.
private func startsWithLabel(_ line: String) -> Bool {
  guard let colon = line.firstIndex(of: ":") else { return false }
  let word = line[..<colon]
  return !word.isEmpty && word.allSatisfy { $0.isLetter && $0.isLowercase }
    && line[colon...].hasPrefix(": ")
}

private func bold(_ s: String) -> String { "\\fB\(s)\\fR" }
private func italic(_ s: String) -> String { "\\fI\(s)\\fR" }

extension String {
  fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
