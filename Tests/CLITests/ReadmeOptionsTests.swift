import Foundation
import Testing
import TestSupport

/// The options each command takes, read from its `--help` (the command table, through the
/// binary): the long names of the lines under "options:", `--help` left out.
func helpOptions(_ command: String) throws -> Set<String> {
  let r = try psychologist([command, "--help"])
  #expect(r.status == 0, "\(command) --help: \(r.stderr)")
  let section = r.out.components(separatedBy: "\noptions:\n").dropFirst().first ?? ""
  var names: Set<String> = []
  for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
    guard line.hasPrefix("  ") else { break }
    let words = line.split(separator: " ")
    if let name = words.first(where: { $0.hasPrefix("--") }), name != "--help" {
      names.insert(String(name))
    }
  }
  return names
}

/// The commands the top-level help lists.
func helpCommands() throws -> [String] {
  let r = try psychologist(["--help"])
  let section = r.out.components(separatedBy: "\ncommands:\n").dropFirst().first ?? ""
  return section.split(separator: "\n").prefix { $0.hasPrefix("  ") }
    .compactMap { $0.split(separator: " ").first.map(String.init) }
}

/// The options a piece of text names: `--name` words (and `-o`, spelt out as `--output`).
func namedOptions(_ text: String) -> Set<String> {
  let pattern = try! NSRegularExpression(pattern: #"(?<![\w-])(--[a-z][a-z-]*|-o)(?![\w-])"#)
  let range = NSRange(text.startIndex..., in: text)
  return Set(
    pattern.matches(in: text, range: range).map { m -> String in
      let name = String(text[Range(m.range, in: text)!])
      return name == "-o" ? "--output" : name
    })
}

/// The README's and docs/commands.md's options against the table: what they say each
/// command takes, it takes.
@Suite struct ReadmeOptionsTests {
  /// The usage lines of docs/commands.md name only options their command takes, and
  /// every command is among them.
  @Test func theCommandsBlockUsesEachCommandsOwnOptions() throws {
    let readme = try readmeBlocks()
    let lines = try #require(readme.first { $0.text.first?.hasPrefix("psychologist face") == true })
      .text
    var shown: Set<String> = []
    for line in lines {
      let words = line.split(separator: " ")
      guard words.first == "psychologist", words.count > 1 else { continue }
      let command = String(words[1])
      shown.insert(command)
      let usage = line.components(separatedBy: "  # ").first ?? line
      let unknown = namedOptions(usage).subtracting(try helpOptions(command))
      #expect(unknown.isEmpty, "README's `\(line)`: \(command) takes no \(unknown.sorted())")
    }
    #expect(shown == Set(try helpCommands()))
  }

  /// Every option of every command is written about somewhere in the README or docs/.
  @Test func everyOptionIsInTheReadme() throws {
    let named = namedOptions(try allDocumentation())
    var all: Set<String> = []
    for command in try helpCommands() { all.formUnion(try helpOptions(command)) }
    #expect(all.count >= 30)
    #expect(
      all.subtracting(named).isEmpty,
      "not in README.md or docs/: \(all.subtracting(named).sorted())")
  }

  /// "Every command that runs a script takes" (docs/commands.md) names exactly the options all of them take; what it says `face`
  /// and `show`, and `batch`, take besides, they take.
  @Test func theSharedOptionsAreWhatEveryCommandTakes() throws {
    let readme = try documentationText("docs/commands.md")
      .replacingOccurrences(of: "\n", with: " ")
    func between(_ start: String, _ end: String) throws -> String {
      let after = try #require(readme.components(separatedBy: start).dropFirst().first)
      return try #require(after.components(separatedBy: end).first)
    }
    // `man` and `completions` describe the tool and run no script.
    let commands = try helpCommands().filter { !["man", "completions"].contains($0) }
    let taken = try commands.map(helpOptions)
    let everyone = taken.dropFirst().reduce(taken[0]) { $0.intersection($1) }
    #expect(everyone.count >= 6)
    #expect(
      namedOptions(try between("Every command that runs a script takes", "`face` and `show`"))
        == everyone)
    let drawing = namedOptions(try between("`face` and `show` also take", "`batch`"))
    #expect(drawing.isSuperset(of: ["--format", "--color"]))
    for command in ["face", "show"] {
      let options = try helpOptions(command)
      #expect(drawing.isSubset(of: options), "\(command): \(drawing)")
    }
    let batch = namedOptions(try between("`batch` takes", "of its own"))
    let batchOptions = try helpOptions("batch")
    #expect(!batch.isEmpty && batch.isSubset(of: batchOptions))
  }

  /// `psychologist help COMMAND` prints what `COMMAND --help` prints.
  @Test func helpCommandIsCommandHelp() throws {
    for command in try helpCommands() {
      let help = try psychologist(["help", command])
      let own = try psychologist([command, "--help"])
      #expect(help.status == 0 && help.out == own.out && help.out.hasPrefix("usage: "))
    }
    let top = try psychologist(["help"])
    let topHelp = try psychologist(["--help"])
    #expect(top.status == 0 && top.out == topHelp.out)
    let wrong = try psychologist(["help", "shwo"])
    #expect(wrong.status == 2 && wrong.stderr.contains("did you mean 'show'"), "\(wrong.stderr)")
    let two = try psychologist(["help", "show", "face"])
    #expect(two.status == 2)
  }
}
