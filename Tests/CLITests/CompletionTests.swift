import Foundation
import TestSupport
import Testing

/// A folder holding only `psychologist` (a link to the built binary), for PATH: the
/// completions call the program by the name typed.
func programFolder() throws -> String {
  let folder = try temporaryFolder()
  try FileManager.default.createSymbolicLink(
    atPath: folder + "/psychologist", withDestinationPath: binary)
  return folder
}

/// `text` as one single-quoted word of a POSIX shell or of fish (which escapes `\` too).
func quotedWord(_ text: String, fish: Bool = false) -> String {
  var t = text
  if fish { t = t.replacingOccurrences(of: "\\", with: "\\\\") }
  t = t.replacingOccurrences(of: "'", with: fish ? "\\'" : "'\\''")
  return "'" + t + "'"
}

/// bash with bash-completion: the script `psychologist completions bash` prints, and for
/// each line COMP_WORDS and COMP_CWORD set as bash sets them and the function called.
let bashDriver = #"""
  source /usr/share/bash-completion/bash_completion
  eval "$(psychologist completions bash)"
  complete_line() {
    local line=$1
    COMP_LINE=$line COMP_POINT=${#line}
    read -ra COMP_WORDS <<< "$line"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    local f
    f=$(complete -p psychologist | sed 's/.*-F \([^ ]*\) .*/\1/')
    "$f" psychologist "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}"
  }

  """#

/// zsh: a zsh in a pseudo-terminal (zpty) with compinit loading `_psychologist` from the
/// folder $1; `compadd` wrapped to write each match it is given to a file, and a function
/// run after each completion (comppostfuncs) marking the end. For each line after $1: the
/// line and a Tab typed, then the matches, sorted, under `== N`.
let zshDriver = #"""
  zmodload zsh/zpty
  fn=$1; shift
  n=0
  for line in "$@"; do
    out=$(mktemp)
    zpty z zsh -f -i
    zpty -w z "fpath=(${(q)fn} \$fpath); autoload -Uz compinit; compinit -u -D"
    zpty -w z "compadd() { local -a __h; builtin compadd -A __h \"\$@\"; (( \$#__h )) && print -rl -- \$__h >> ${(q)out}; builtin compadd \"\$@\"; }"
    zpty -w z "__done() { print -r -- __DONE__ >> ${(q)out}; }"
    zpty -w z "__complete() { comppostfuncs=(__done); _main_complete \"\$@\"; }"
    zpty -w z "zle -C __complete-word complete-word __complete; bindkey '^I' __complete-word"
    zpty -w z "zstyle ':completion:*' list-prompt ''; LISTMAX=0"
    zpty -w -n z "$line"$'\t'
    # Waits for the end mark (up to a minute on a busy machine), reading what zsh shows so
    # its terminal never fills.
    for i in {1..600}; do
      zpty -r -t z chunk 2>/dev/null
      grep -q __DONE__ $out && break
      sleep 0.1
    done
    zpty -d z
    print -r -- "== $n"
    grep -v __DONE__ $out | sort -u
    rm -f $out
    n=$((n + 1))
  done

  """#

/// What each shell offers for each line, in order.
func completions(_ shell: String, _ lines: [String]) throws -> [[String]] {
  let bin = try programFolder()
  defer { removeFolder(bin) }
  let home = try temporaryFolder()
  defer { removeFolder(home) }
  let environment = [
    "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
    "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
  ]
  let r: RunResult
  switch shell {
  case "bash":
    var script = bashDriver
    for (n, line) in lines.enumerated() {
      script += "echo '== \(n)'\ncomplete_line \(quotedWord(line))\n"
    }
    try writeFile(home + "/driver.bash", script)
    r = try runProgram(
      "/bin/bash", [home + "/driver.bash"], in: packageRoot, environment: environment,
      timeout: 120)
  case "zsh":
    let functions = home + "/functions"
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    let script = try psychologist(["completions", "zsh"])
    try writeFile(functions + "/_psychologist", script.out)
    try writeFile(home + "/driver.zsh", zshDriver)
    r = try runProgram(
      "/usr/bin/zsh", [home + "/driver.zsh", functions] + lines, in: packageRoot,
      environment: environment, timeout: 300)
  default:
    var script = "psychologist completions fish | source\n"
    for (n, line) in lines.enumerated() {
      script +=
        "echo '== \(n)'\ncomplete -C \(quotedWord(line, fish: true)) | string split -f1 \\t\n"
    }
    r = try runProgram(
      "/usr/bin/fish", ["--no-config", "--command", script], in: packageRoot,
      environment: environment, timeout: 120)
  }
  #expect(r.status == 0 && !r.timedOut, "\(shell): \(r.stderr)")
  var results = Array(repeating: [String](), count: lines.count)
  var current = -1
  for line in r.out.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("== "), let n = Int(line.dropFirst(3)) {
      current = n
    } else if current >= 0, !line.isEmpty {
      results[current].append(String(line))
    }
  }
  return results
}

/// The words a refusal lists: `--device must be iphone, iphone5 or ipad, got 'x'`.
func refusedAlternatives(_ arguments: [String]) throws -> Set<String> {
  let r = try psychologist(arguments)
  #expect(r.status == 2, "\(arguments): \(r.stderr)")
  let words =
    r.stderr.components(separatedBy: " must be ").last?
    .components(separatedBy: ", got").first ?? ""
  return Set(
    words.replacingOccurrences(of: " or ", with: ", ").components(separatedBy: ", ")
      .filter { !$0.isEmpty })
}

/// The names `list --json` gives in the sections named, read as JSON.
func declaredNames(_ script: String, _ sections: [String]) throws -> Set<String> {
  let r = try psychologist(["list", script, "--json"])
  let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
  var names: Set<String> = []
  for section in sections {
    for item in (object?[section] as? [[String: Any]]) ?? [] {
      if let name = item["name"] as? String { names.insert(name) }
    }
  }
  return names
}

/// A file match as its name (zsh offers `mood.csv` where bash and fish say `examples/mood.csv`).
func fileName(_ match: String) -> String {
  var m = match
  if m.hasSuffix("/") { m.removeLast() }
  return m.split(separator: "/").last.map(String.init) ?? m
}

/// Tab in bash, zsh and fish, each a real shell from Debian, against what the binary
/// itself says: its commands (`--help`), an option's values (its refusal), a script's
/// names (`list --json`, read as JSON), the files in the folder.
@Suite(.serialized) struct CompletionTests {
  static let shells = ["bash", "zsh", "fish"]

  @Test(arguments: shells) func tabCompletesWhatTheCommandTableSays(shell: String) throws {
    let valueOptions: [(line: String, refusal: [String])] = [
      ("psychologist face --device ", ["face", "--device", "x"]),
      ("psychologist show x.lua y --orientation ", ["face", "--orientation", "x"]),
      ("psychologist face --format ", ["face", "--format", "x"]),
      ("psychologist face --color ", ["face", "--color", "x"]),
      ("psychologist list x.lua --traceback ", ["list", "x.lua", "--traceback", "x"]),
      (
        "psychologist batch x.lua --format ",
        ["batch", "examples/mood.lua", "--format", "x", "--diagnosis", "mood", "--input", "-"]
      ),
      (
        "psychologist batch x.lua --input-format ",
        [
          "batch", "examples/mood.lua", "--input-format", "x", "--diagnosis", "mood", "--input",
          "-",
        ]
      ),
      (
        "psychologist storyboard examples/barista.lua --format ",
        ["storyboard", "examples/barista.lua", "--format", "x"]
      ),
      ("psychologist completions ", ["completions", "x"]),
    ]
    let lines =
      [
        "psychologist ", "psychologist sto", "psychologist batch x.lua --input-f",
        "psychologist show examples/", "psychologist batch x.lua --input examples/m",
        "psychologist show examples/psychologist.lua ",
        "psychologist batch examples/barista.lua --diagnosis ",
        "psychologist check examples/mood.lua examples/p", "psychologist help ",
      ] + valueOptions.map(\.line)
    let got = try completions(shell, lines)
    let commands = Set(try helpCommands())
    #expect(commands.count >= 11)

    let top = Set(got[0].filter { !$0.hasPrefix("-") })
    #expect(top == commands.union(["help"]), "\(shell): \(got[0])")
    #expect(got[1] == ["storyboard"], "\(shell): \(got[1])")
    #expect(got[2] == ["--input-format"], "\(shell): \(got[2])")

    // SCRIPT is a *.lua (or a folder on the way to one); --input a .csv or .jsonl.
    let examples = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/examples")
    let scripts = Set(got[3].map(fileName))
    #expect(scripts.isSuperset(of: examples.filter { $0.hasSuffix(".lua") }), "\(shell): \(got[3])")
    #expect(scripts.contains("plugins"), "\(shell): \(got[3])")
    #expect(!scripts.contains("mood.csv") && !scripts.contains("iris.csv"), "\(shell): \(got[3])")
    #expect(
      Set(got[4].map(fileName)).intersection(["mood.csv", "mtcars.csv", "mood.lua"])
        == ["mood.csv", "mtcars.csv"], "\(shell): \(got[4])")

    // NAME after a script: its diagnoses and segues; --diagnosis: its diagnoses.
    let seed = try declaredNames("examples/psychologist.lua", ["diagnoses", "segues"])
    #expect(seed.contains("bite") && seed.count >= 6)
    #expect(Set(got[5]) == seed, "\(shell): \(got[5])")
    let drinks = try declaredNames("examples/barista.lua", ["diagnoses"])
    #expect(Set(got[6]) == drinks && drinks.contains("latte"), "\(shell): \(got[6])")
    #expect(Set(got[7].map(fileName)).isSuperset(of: ["psychologist.lua"]), "\(shell): \(got[7])")
    #expect(
      Set(got[8]) == commands.union(["lua"]), "\(shell): help offers \(got[8])")

    // An option's values are the words its refusal lists: the parser's own.
    for (k, option) in valueOptions.enumerated() {
      let expected = try refusedAlternatives(option.refusal)
      #expect(expected.count >= 2, "\(option.refusal)")
      #expect(Set(got[9 + k]) == expected, "\(shell): \(option.line) offers \(got[9 + k])")
    }
  }

  /// Completing a name runs the script dry: a session in it writes no snapshot. `--style`
  /// offers the named styles (not the global one, which has no name), `--theme` the
  /// declared themes and `ios6`.
  @Test(arguments: shells) func namesComeFromADryRun(shell: String) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(
      folder + "/spy.lua",
      """
      diagnosis "calm" { happiness = 60 }
      segue "wink" { kind = "modal", happiness = 90 }
      style { color = "#333333" }
      style "ink" { color = "#000080" }
      theme "night" { bar_top = "#000000" }
      local s = session { device = "iphone" }
      s:tap("calm")
      s:snapshot("spied.svg")

      """)
    let got = try completions(
      shell,
      [
        "psychologist show \(folder)/spy.lua ", "psychologist face --style i",
        "psychologist show \(folder)/spy.lua calm --style ",
        "psychologist show \(folder)/spy.lua calm --theme ",
      ])
    #expect(Set(got[0]) == (try declaredNames(folder + "/spy.lua", ["diagnoses", "segues"])))
    #expect(Set(got[0]).isSuperset(of: ["calm", "wink"]), "\(shell): \(got[0])")
    #expect(got[1].isEmpty, "\(shell): face has no script to ask: \(got[1])")
    #expect(got[2] == ["ink"], "\(shell): \(got[2])")
    // --theme: the script's themes and the built-in one.
    #expect(Set(got[3]) == ["ios6", "night"], "\(shell): \(got[3])")
    #expect(!FileManager.default.fileExists(atPath: packageRoot + "/spied.svg"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/spied.svg"))
  }
}
