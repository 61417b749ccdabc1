extension CompletionTable {
  /// The zsh script, a `#compdef` function for the completion system (`compinit` loads it
  /// from a folder on `fpath`, named `_psychologist`): `_describe` for the commands,
  /// `_arguments` for each command's options, their values and the positional arguments.
  var zshScript: String {
    let f = "_" + functionStem
    var lines = [
      "#compdef \(program)",
      "# zsh completion for \(program): made by `\(program) completions zsh` from the command",
      "# table that makes --help. Save it as \(f) in a folder on $fpath, before compinit.",
      "",
      "# The names the script $1 declares in the sections $2... (diagnoses, segues, styles),",
      "# asked of `\(program) list SCRIPT --json`: a dry run that writes nothing.",
      "\(f)_declared() {",
      "  local script=${~1}",
      "  shift",
      "  [[ -f $script ]] || return 1",
      "  local -a names",
      "  names=(${(f)\"$($\(f)_program list $script --json 2>/dev/null | awk -v want=\" $* \" \(singleQuoted(declaredNamesAwk)))\"})",
      "  compadd -a names",
      "}",
      "",
      "\(f)() {",
      "  local \(f)_program=$words[1]",
      "  if (( CURRENT == 2 )); then",
      "    local -a commands",
      "    commands=(",
    ]
    for command in commands {
      lines.append("      " + singleQuoted(command.name + ":" + command.summary))
    }
    lines += [
      "    )",
      "    _describe -t commands command commands",
      "    [[ $PREFIX == -* ]] && compadd -- --help --version",
      "    return",
      "  fi",
      "  local command=$words[2]",
      "  shift words",
      "  (( CURRENT-- ))",
      "  curcontext=\"${curcontext%:*:*}:\(program)-$command:\"",
      "  local context state state_descr line",
      "  typeset -A opt_args",
      "  case $command in",
    ]
    for command in commands {
      var specs = command.optionDeclarations.map { zshSpec($0, f: f) }
      specs.append("'(- *)--help[show this help]'")
      for (index, positional) in command.positionals.enumerated() {
        let position = positional.variadic ? "*" : "\(index + 1)"
        specs.append(
          singleQuoted(
            "\(position):\(zshMessage(positional.name)):\(zshAction(positional.completion, f: f))"
          ))
      }
      lines.append("    \(command.name))")
      lines.append("      _arguments -S \\")
      lines += specs.map { "        \($0) \\" }
      lines.append("      ;;")
    }
    lines += ["  esac", "}", "", "\(f) \"$@\"", ""]
    return lines.joined(separator: "\n")
  }

  /// One option for `_arguments`: `'*--plugin[load …]:PATH:_files -g "*.lua"'`, with `-o`
  /// and `--output` as one (`(-o --output)'{-o,--output}'…`).
  private func zshSpec(_ option: OptionDeclaration, f: String) -> String {
    let repeated = option.repeatable ? "*" : ""
    var rest = "[\(zshDescription(option.help))]"
    if let placeholder = option.placeholder {
      rest += ":\(zshMessage(placeholder)):\(zshAction(option.completion, f: f))"
    }
    guard let short = option.short else { return singleQuoted(repeated + option.name + rest) }
    return singleQuoted("(\(short) \(option.name))") + "{\(short),\(option.name)}"
      + singleQuoted(rest)
  }

  /// What `_arguments` runs to complete a value of `completion`'s kind; the first
  /// positional argument (the script) is `$line[1]` there.
  private func zshAction(_ completion: ValueCompletion, f: String) -> String {
    switch completion {
    case .text: return " "
    case .choices(let words): return "(" + words().map(zshWord).joined(separator: " ") + ")"
    case .files(let extensions):
      switch extensions.count {
      case 0: return "_files"
      case 1: return "_files -g \"*.\(extensions[0])\""
      default: return "_files -g \"*.(\(extensions.joined(separator: "|")))\""
      }
    case .folders: return "_files -/"
    case .declared(let sections, let builtIn):
      let names = builtIn()
      let builtIns =
        names.isEmpty ? "" : "compadd -- \(names.map(zshWord).joined(separator: " ")); "
      return "{\(builtIns)\(f)_declared \"$line[1]\" \(sections.joined(separator: " "))}"
    }
  }

  /// A description inside `[…]`: its brackets and colons escaped.
  private func zshDescription(_ text: String) -> String {
    text.escaping(["[": "\\[", "]": "\\]", ":": "\\:", "\\": "\\\\"])
  }

  /// A message after `:`, which may hold no colon.
  private func zshMessage(_ text: String) -> String { text.escaping([":": "\\:"]) }

  /// A word of a `(a b c)` action, its specials escaped.
  private func zshWord(_ word: String) -> String {
    word.escaping([" ": "\\ ", "(": "\\(", ")": "\\)", ":": "\\:", "\\": "\\\\"])
  }
}
