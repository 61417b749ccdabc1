import Foundation
import TestSupport
import Testing

/// A page as `man` shows it: rendered by man-db and groff from the file, in plain ASCII,
/// wide enough that no option is hyphenated, and what man said on stderr with its
/// warnings on.
func renderedPage(_ file: String) throws -> (text: String, warnings: String, status: Int32) {
  let r = try runProgram(
    "/usr/bin/man", ["--warnings", "-E", "ascii", "-l", file],
    environment: ["MANWIDTH": "1000", "MAN_KEEP_FORMATTING": "", "MANPAGER": "cat", "PAGER": "cat"])
  return (r.out, r.stderr, r.status)
}

/// The text of a rendered page's section (`ENVIRONMENT`), up to the next one.
func section(_ name: String, of page: String) -> String {
  let after = page.components(separatedBy: "\n\(name)\n").dropFirst().first ?? ""
  let lines = after.components(separatedBy: "\n")
  // Sections start at the margin; their text is indented.
  return lines.prefix { $0.isEmpty || $0.hasPrefix(" ") }.joined(separator: "\n")
}

/// The environment variables the sources read: `getenv("X")`, `environment["X"]`,
/// `env["X"]` and `environment()["X"]`, found in every Swift and C file under Sources/.
func variablesTheSourcesRead() throws -> Set<String> {
  let pattern = try NSRegularExpression(
    pattern: #"(?:getenv\(|environment\(\)\[|environment\[|env\[)"([A-Z_][A-Z0-9_]*)""#)
  var names: Set<String> = []
  let root = packageRoot + "/Sources"
  for case let file as String in FileManager.default.enumerator(atPath: root)!
  where file.hasSuffix(".swift") || file.hasSuffix(".c") {
    let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
    for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      names.insert(String(text[Range(m.range(at: 1), in: text)!]))
    }
  }
  return names
}

/// `psychologist man` against man-db and groff: every page renders without a warning, says
/// every option its command takes, and the environment every variable the code reads.
@Suite struct ManPageTests {
  @Test func everyPageRendersWithoutWarningsAndSaysEveryOption() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let r = try psychologist(["man", "--output-dir", folder + "/man1"])
    #expect(r.status == 0, "\(r.stderr)")
    let commands = try helpCommands()
    let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/man1")
    #expect(
      Set(files) == Set(["psychologist.1"] + commands.map { "psychologist-\($0).1" }),
      "\(files.sorted())")
    for name in ["psychologist"] + commands.map({ "psychologist-\($0)" }) {
      let file = folder + "/man1/\(name).1"
      // groff itself, every warning on.
      let groff = try runProgram("/usr/bin/groff", ["-ww", "-z", "-man", file])
      #expect(groff.status == 0 && groff.stderr.isEmpty, "\(name): \(groff.stderr)")
      let page = try renderedPage(file)
      #expect(page.status == 0 && page.warnings.isEmpty, "\(name): \(page.warnings)")
      #expect(page.text.hasPrefix(name.uppercased() + "(1)"), "\(name): \(page.text.prefix(80))")
      for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
        #expect(page.text.contains("\n\(heading)\n"), "\(name) has no \(heading)")
      }
      guard name != "psychologist" else { continue }
      let command = String(name.dropFirst("psychologist-".count))
      // An option's item starts at the section's indent: `-o, --output FILE`.
      let items = section("OPTIONS", of: page.text).split(separator: "\n")
        .filter { $0.hasPrefix("       -") }
      let named = Set(
        items.flatMap { $0.split(separator: " ").map { $0.trimmingCharacters(in: [","]) } })
      for option in try helpOptions(command) {
        #expect(named.contains(option), "\(name): \(option) is not in its OPTIONS")
      }
      // The examples --help gives are the page's.
      let help = try psychologist([command, "--help"]).out
      for line in help.components(separatedBy: "\n") where line.hasPrefix("  psychologist ") {
        #expect(
          section("EXAMPLES", of: page.text).contains(line.trimmingCharacters(in: .whitespaces)),
          "\(name): EXAMPLES lacks \(line)")
      }
    }
  }

  @Test func theMainPageListsCommandsStatusesVariablesAndThePluginFolder() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/psychologist.1", try psychologist(["man"]).out)
    let page = try renderedPage(folder + "/psychologist.1").text
    let listed = section("COMMANDS", of: page)
    for command in try helpCommands() {
      #expect(listed.contains("psychologist-\(command)(1)"), "COMMANDS lacks \(command)")
    }
    let statuses = section("EXIT STATUS", of: page)
    let shown = statuses.split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(shown == ["0", "1", "2", "3", "130"], "\(statuses)")
    let environment = section("ENVIRONMENT", of: page)
    let read = try variablesTheSourcesRead()
    #expect(read.isSuperset(of: ["NO_COLOR", "PSYCHOLOGIST_PATH", "PSYCHOLOGIST_SLOW_ANIMATIONS"]))
    for variable in read {
      #expect(environment.contains(variable), "ENVIRONMENT does not say \(variable)")
    }
    #expect(section("FILES", of: page).contains("~/.config/psychologist/plugins"))
  }

  /// A page of a command that does not exist, or both a command and --output-dir, are
  /// usage errors.
  @Test func wrongArgumentsAreUsageErrors() throws {
    let wrong = try psychologist(["man", "shwo"])
    #expect(wrong.status == 2 && wrong.stderr.contains("did you mean 'show'"), "\(wrong.stderr)")
    let both = try psychologist(["man", "show", "--output-dir", "/nonexistent/x"])
    #expect(both.status == 2, "\(both.stderr)")
    let shell = try psychologist(["completions", "bsh"])
    #expect(shell.status == 2 && shell.stderr.contains("did you mean 'bash'"), "\(shell.stderr)")
  }

  /// `--version`: the version, the commit (scripts/build-info's, or `unknown`) and the
  /// linked Lua's release, which lua5.4 (the same Debian release) says too.
  @Test func versionSaysTheCommitAndTheLinkedLua() throws {
    let r = try psychologist(["--version"])
    #expect(r.status == 0)
    let lua = try runProgram("/usr/bin/lua5.4", ["-v"])
    let release = lua.out.components(separatedBy: "  ").first ?? ""
    #expect(release.hasPrefix("Lua 5.4."), "\(lua.out)")
    #expect(r.out.hasSuffix(", \(release))\n"), "\(r.out)")
    let commit =
      r.out.components(separatedBy: "(commit ").dropFirst().first?
      .components(separatedBy: ",").first ?? ""
    let info = try? String(contentsOfFile: packageRoot + "/.build/build-info.h", encoding: .utf8)
    if let info {
      // What the build embedded is what scripts/build-info wrote, a commit of this
      // repository (HEAD then; later commits may have followed).
      #expect(info.contains("\"\(commit)\""), "\(r.out) vs \(info)")
      let hash = commit.components(separatedBy: "-").first ?? ""
      let known = try runProgram(
        "/usr/bin/git", ["-C", packageRoot, "cat-file", "-e", hash + "^{commit}"])
      #expect(hash.count == 12 && known.status == 0, "\(commit): \(known.stderr)")
    } else {
      #expect(commit == "unknown", "\(r.out)")
    }
  }
}
