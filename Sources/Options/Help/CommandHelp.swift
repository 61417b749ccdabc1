extension CommandSpec {
  /// The full `--help` text: usage, summary, the options it takes, then its details.
  package var help: String {
    var lines = ["usage: \(usage)", "", summary]
    if !optionDeclarations.isEmpty {
      lines += ["", "options:"] + optionLines
    }
    if !details.isEmpty {
      lines += [""] + details
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line per option, the help text in a column after the widest name, then `--help`.
  private var optionLines: [String] {
    let shown = optionDeclarations.map { ($0.helpName, $0.helpText) }
    let width = (shown.map(\.0.count).max() ?? 0) + 2
    let lines = shown.map { name, text in "  " + name.padded(to: width) + text }
    return lines + [
      "  -h, --help" + String(repeating: " ", count: max(width - 10, 2)) + "show this help"
    ]
  }
}

extension OptionDeclaration {
  /// `-o, --output FILE`, or `    --device D` (names line up whether or not a short one).
  var helpName: String {
    (short.map { "\($0), " } ?? "    ") + name + (placeholder.map { " \($0)" } ?? "")
  }

  /// Its help, saying when it may be given again.
  var helpText: String { help + (repeatable ? " (repeatable)" : "") }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  fileprivate func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(width - count, 0))
  }
}
