extension CompletionTable {
  /// The bash script: one function, registered with `complete -F`, that completes the
  /// commands, each command's options, an option's value (its choices, a file of its
  /// extensions, a folder, a name the script declares) and the positional arguments.
  /// Needs bash-completion (`_init_completion`, `_filedir`), as every packaged bash
  /// completion does.
  var bashScript: String {
    let f = "_" + functionStem
    var lines = [
      "# bash completion for \(program): made by `\(program) completions bash` from the command",
      "# table that makes --help. Needs bash-completion (_init_completion, _filedir).",
      "",
      "# The names the script $2 declares in the sections $3... (diagnoses, segues, styles),",
      "# asked of `\(program) list SCRIPT --json` ($1): a dry run that writes nothing.",
      "\(f)_declared() {",
      "  local program=$1 script=$2",
      "  shift 2",
      "  [[ $script == \"~/\"* ]] && script=$HOME/${script#\"~/\"}",
      "  [[ -f $script ]] || return 0",
      "  \"$program\" list \"$script\" --json 2>/dev/null | awk -v want=\" $* \" \(singleQuoted(declaredNamesAwk))",
      "}",
      "",
      "# Sets \(f)_at to the index of the positional argument being typed (0 the first;",
      "# -1 after --) and \(f)_script to the first one; $1 lists the options taking a value.",
      "\(f)_locate() {",
      "  local takes=\" $1 \" i n=0",
      "  \(f)_script= \(f)_at=-1",
      "  for ((i = 2; i < cword; i++)); do",
      "    [[ ${words[i]} == -- ]] && return",
      "    if [[ $takes == *\" ${words[i]} \"* ]]; then ((i++)); continue; fi",
      "    [[ ${words[i]} == -* ]] && continue",
      "    ((n == 0)) && \(f)_script=${words[i]}",
      "    ((n++))",
      "  done",
      "  \(f)_at=$n",
      "}",
      "",
      "# COMPREPLY from words, one a line (a name may hold spaces).",
      "\(f)_words() {",
      "  local IFS=$'\\n'",
      "  COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))",
      "}",
      "",
      "\(f)() {",
      "  local cur prev words cword",
      "  _init_completion || return",
      "  local program=${words[0]}",
      "  if ((cword == 1)); then",
      "    COMPREPLY=($(compgen -W \(singleQuoted((commands.map(\.name) + ["--help", "--version"]).joined(separator: " "))) -- \"$cur\"))",
      "    return",
      "  fi",
      "  local takes options",
      "  case ${words[1]} in",
    ]
    for command in commands {
      lines.append("    \(command.name))")
      lines.append("      takes=\(singleQuoted(command.valueTakingNames.joined(separator: " ")))")
      lines.append("      options=\(singleQuoted(command.optionNames.joined(separator: " ")))")
      let valued = command.optionDeclarations.filter { $0.placeholder != nil }
      if !valued.isEmpty {
        lines.append("      case $prev in")
        for option in valued {
          lines.append(
            "        \(option.allNames.joined(separator: "|"))) "
              + bashAction(option.completion, f: f, takes: true) + "; return ;;")
        }
        lines.append("      esac")
      }
      lines.append("      ;;")
    }
    lines += [
      "    *) return ;;",
      "  esac",
      "  if [[ $cur == -* ]]; then",
      "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
      "    return",
      "  fi",
      "  \(f)_locate \"$takes\"",
      "  ((\(f)_at >= 0)) || return",
      "  case ${words[1]}:$\(f)_at in",
    ]
    for command in commands {
      for (index, positional) in command.positionals.enumerated() {
        let at = positional.variadic ? "*" : "\(index)"
        lines.append(
          "    \(command.name):\(at)) " + bashAction(positional.completion, f: f, takes: false)
            + " ;;")
      }
    }
    lines += ["  esac", "}", "complete -F \(f) \(program)", ""]
    return lines.joined(separator: "\n")
  }

  /// The bash that completes a value of `completion`'s kind; an option's (`takes`) finds
  /// the script first, a positional's has it found.
  private func bashAction(_ completion: ValueCompletion, f: String, takes: Bool) -> String {
    switch completion {
    case .text: return "COMPREPLY=()"
    case .choices(let words):
      return "\(f)_words \(singleQuoted(words().joined(separator: "\n")))"
    case .files(let extensions):
      switch extensions.count {
      case 0: return "_filedir"
      case 1: return "_filedir \(singleQuoted(extensions[0]))"
      default: return "_filedir \(singleQuoted("@(" + extensions.joined(separator: "|") + ")"))"
      }
    case .folders: return "_filedir -d"
    case .declared(let sections, let builtIn):
      let locate = takes ? "\(f)_locate \"$takes\"; " : ""
      let builtIns = builtIn().map { singleQuoted($0) + "$'\\n'" }.joined()
      return locate
        + "\(f)_words \(builtIns)\"$(\(f)_declared \"$program\" \"$\(f)_script\" \(sections.joined(separator: " ")))\""
    }
  }
}
