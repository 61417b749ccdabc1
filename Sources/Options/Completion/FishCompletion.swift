extension CompletionTable {
  /// The fish script: `complete` lines for the commands and each command's options (their
  /// values with them), and helper functions that find which positional argument is typed.
  var fishScript: String {
    let f = "__" + functionStem
    var lines = [
      "# fish completion for \(program): made by `\(program) completions fish` from the command",
      "# table that makes --help.",
      "",
      "# The options of command $argv[1] that take a value, one a line.",
      "function \(f)_takes",
      "    switch $argv[1]",
    ]
    for command in commands where !command.valueTakingNames.isEmpty {
      lines.append("        case \(fishQuoted(command.name))")
      lines.append(
        "            printf '%s\\n' \(command.valueTakingNames.map(fishQuoted).joined(separator: " "))"
      )
    }
    lines += [
      "    end",
      "end",
      "",
      "# The positional arguments before the cursor (none after --).",
      "function \(f)_arguments",
      "    set -l words (commandline -opc)",
      "    set -l takes (\(f)_takes $words[2])",
      "    set -l skip 0",
      "    set -l i 0",
      "    for w in $words",
      "        set i (math $i + 1)",
      "        test $i -le 2; and continue",
      "        if test $skip = 1",
      "            set skip 0",
      "            continue",
      "        end",
      "        if contains -- $w $takes",
      "            set skip 1",
      "            continue",
      "        end",
      "        string match -q -- '-*' $w; and continue",
      "        echo $w",
      "    end",
      "end",
      "",
      "# True when the command typed is $argv[1] (no command yet: none given).",
      "function \(f)_command",
      "    set -l words (commandline -opc)",
      "    if not set -q argv[1]",
      "        test (count $words) -eq 1",
      "        return",
      "    end",
      "    test (count $words) -ge 2; and test \"$words[2]\" = $argv[1]",
      "end",
      "",
      "# True when command $argv[1]'s positional argument $argv[2] (0 the first) is typed;",
      "# $argv[3] = more: that one or any after it.",
      "function \(f)_at",
      "    \(f)_command $argv[1]; or return",
      "    set -l words (commandline -opc)",
      "    contains -- -- $words; and return 1",
      "    contains -- $words[-1] (\(f)_takes $argv[1]); and return 1",
      "    set -l n (count (\(f)_arguments))",
      "    if test \"$argv[3]\" = more",
      "        test $n -ge $argv[2]",
      "    else",
      "        test $n -eq $argv[2]",
      "    end",
      "end",
      "",
      "# The names the script (the first positional argument) declares in the sections",
      "# $argv (diagnoses, segues, styles), asked of `\(program) list SCRIPT --json`: a dry",
      "# run that writes nothing.",
      "function \(f)_declared",
      "    set -l words (commandline -opc)",
      "    set -l script (\(f)_arguments)[1]",
      "    set script (string replace -r '^~/' \"$HOME/\" -- $script)",
      "    test -f \"$script\"; or return",
      "    $words[1] list $script --json 2>/dev/null | awk -v want=\" $argv \" \(fishQuoted(declaredNamesAwk))",
      "end",
      "",
      "# The files being typed whose names end in one of the extensions $argv, and folders",
      "# (to get to them).",
      "function \(f)_files",
      "    set -l pattern '\\\\.('(string join '|' -- $argv)')$'",
      "    for path in (__fish_complete_path (commandline -ct))",
      "        set path (string split -f1 \\t -- $path)",
      "        if string match -q -- '*/' $path; or string match -qr -- $pattern $path",
      "            echo $path",
      "        end",
      "    end",
      "end",
      "",
      "complete -c \(program) -f",
      "complete -c \(program) -n '\(f)_command' -s h -l help -d 'show the help'",
      "complete -c \(program) -n '\(f)_command' -s V -l version -d 'show the version'",
    ]
    for command in commands {
      lines.append(
        "complete -c \(program) -n '\(f)_command' -a \(fishQuoted(command.name)) -d \(fishQuoted(command.summary))"
      )
    }
    for command in commands {
      let when = "-n " + fishQuoted("\(f)_command \(command.name)")
      lines.append("complete -c \(program) \(when) -s h -l help -d 'show this help'")
      for option in command.optionDeclarations {
        var names = option.short.map { "-s \(fishQuoted(String($0.dropFirst()))) " } ?? ""
        names += "-l \(fishQuoted(String(option.name.dropFirst(2))))"
        let value = option.placeholder == nil ? "" : " " + fishValue(option.completion, f: f)
        lines.append(
          "complete -c \(program) \(when) \(names)\(value) -d \(fishQuoted(option.help))")
      }
      for (index, positional) in command.positionals.enumerated() {
        let at = "\(f)_at \(command.name) \(index)" + (positional.variadic ? " more" : "")
        lines.append(
          "complete -c \(program) -n \(fishQuoted(at)) "
            + fishValue(positional.completion, f: f) + " -d \(fishQuoted(positional.name))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `complete` arguments for a value of `completion`'s kind.
  private func fishValue(_ completion: ValueCompletion, f: String) -> String {
    switch completion {
    case .text: return "-x"
    case .choices(let words): return "-x -a " + fishQuoted(words().joined(separator: " "))
    case .files(let extensions):
      guard !extensions.isEmpty else { return "-r -F" }
      return "-x -a " + fishQuoted("(\(f)_files \(extensions.joined(separator: " ")))")
    case .folders: return "-x -a '(__fish_complete_directories)'"
    case .declared(let sections, let builtIn):
      let builtIns = builtIn().map { $0 + " " }.joined()
      return "-x -a "
        + fishQuoted("\(builtIns)(\(f)_declared \(sections.joined(separator: " ")))")
    }
  }
}

/// `text` as one single-quoted fish word (fish escapes `\` and `'` inside them).
func fishQuoted(_ text: String) -> String {
  "'" + text.escaping(["\\": "\\\\", "'": "\\'"]) + "'"
}
