import Foundation
import Testing
import TestSupport

/// The pages a reader follows, in the order the README test runs them: the README, then
/// docs/ in the order the README's sections stood before they moved there (the plugin
/// steps fill ~/.config/psychologist/plugins, so they come after the batch's faces).
/// Every docs/*.md is here (`everyPageIsRun` checks), so no page goes untested.
let documentationPages = [
  "README.md", "docs/commands.md", "docs/guide.md", "docs/data-faces.md",
  "docs/benchmarks.md", "docs/plugins.md", "docs/safety.md", "docs/ARCHITECTURE.md",
  "docs/lua-api.md", "docs/ios6.md",
]

/// A page's text, read now.
func documentationText(_ page: String) throws -> String {
  try String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8)
}

/// Every page's text, one after another (what the README and docs/ say, together).
func allDocumentation() throws -> String {
  try documentationPages.map(documentationText).joined(separator: "\n")
}

/// A fenced block of a page, with the marker comment just above it, if any:
/// `<!-- readme-test: file PATH -->` (a Lua block is saved as PATH), `skip: why`,
/// `fails` (each command exits 1 with an error), `watch: …` (a `--watch` line runs until
/// stopped: it is started, must draw, then is stopped).
struct ReadmeBlock {
  var language: String
  var text: [String]
  var marker: String
  /// The page it is on (`README.md`, `docs/guide.md`).
  var page: String
  /// The line of its page where the block's text starts.
  var line: Int
  /// `page:line`, as a failure names it.
  var place: String { "\(page):\(line)" }
}

/// The fenced blocks of every page, in reading order, read now (never a copy of them).
func readmeBlocks() throws -> [ReadmeBlock] {
  try documentationPages.flatMap(readmeBlocks(in:))
}

/// The fenced blocks of one page.
func readmeBlocks(in page: String) throws -> [ReadmeBlock] {
  let lines = try documentationText(page).components(separatedBy: "\n")
  var blocks: [ReadmeBlock] = []
  var i = 0
  while i < lines.count {
    guard lines[i].hasPrefix("```") else {
      i += 1
      continue
    }
    let language = String(lines[i].dropFirst(3)).trimmingCharacters(in: .whitespaces)
    var marker = ""
    if i > 0, lines[i - 1].hasPrefix("<!-- readme-test:") {
      marker = lines[i - 1].dropFirst("<!-- readme-test:".count)
        .replacingOccurrences(of: "-->", with: "").trimmingCharacters(in: .whitespaces)
    }
    var j = i + 1
    while j < lines.count, !lines[j].hasPrefix("```") { j += 1 }
    blocks.append(
      ReadmeBlock(
        language: language, text: Array(lines[(i + 1)..<j]), marker: marker, page: page,
        line: i + 2))
    i = j + 1
  }
  return blocks
}

/// Shell commands of a block: continued lines joined, comment-only and blank lines left out.
func commands(_ block: ReadmeBlock) -> [(line: Int, command: String)] {
  var out: [(Int, String)] = []
  var pending = ""
  var start = 0
  for (k, raw) in block.text.enumerated() {
    if pending.isEmpty { start = block.line + k }
    if raw.hasSuffix("\\") {
      pending += raw.dropLast() + " "
      continue
    }
    let command = pending + raw
    pending = ""
    let trimmed = command.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
    out.append((start, command))
  }
  return out
}

/// A command without its trailing `# comment`.
func uncommented(_ command: String) -> String {
  command.replacingOccurrences(of: #"\s+#\s.*$"#, with: "", options: .regularExpression)
}

/// The paths a command names as its output (`-o`, `--output-dir`, `--sheet`).
func outputs(_ command: String) -> [String] {
  let words = uncommented(command).split(separator: " ").map(String.init)
  var out: [String] = []
  for (k, w) in words.enumerated() where ["-o", "--output-dir", "--sheet"].contains(w) {
    if k + 1 < words.count { out.append(words[k + 1]) }
  }
  return out
}

/// A Swift string as one single-quoted shell word.
func shellQuoted(_ s: String) -> String {
  "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

@Suite struct ReadmeTests {
  @Test func markersAreKnownAndEveryLuaSnippetIsNamed() throws {
    let blocks = try readmeBlocks()
    for b in blocks where !b.marker.isEmpty {
      let word = b.marker.prefix { $0 != " " && $0 != ":" }
      #expect(
        ["file", "skip", "fails", "watch", "clone"].contains(word),
        "\(b.place): \(b.marker)")
      if word == "skip" { #expect(b.marker.count > 10, "\(b.place): skip says why") }
    }
    // A block in a language the test does not know (`bash`, `console`) would go unrun
    // unnoticed: shell is `sh`; output, JSON and R are shown, never run.
    for b in blocks {
      #expect(["sh", "lua", "", "json", "r"].contains(b.language), "\(b.place): ```\(b.language)")
    }
    for b in blocks where b.language == "lua" {
      #expect(b.marker.hasPrefix("file "), "\(b.place): a Lua snippet needs a file name")
    }
    // The README's sections that the issue names all hold something the test runs.
    let run = blocks.filter { ["sh", "lua"].contains($0.language) && !$0.marker.hasPrefix("skip") }
    #expect(run.count >= 12)
  }

  /// Every page of docs/ is in the test's reading order: none goes unrun.
  @Test func everyPageIsRun() throws {
    let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs")
      .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
    #expect(Set(docs) == Set(documentationPages.dropFirst()), "\(docs.sorted())")
    #expect(documentationPages.first == "README.md")
  }

  /// The README is read in five minutes: under 250 lines, its quick start exactly two
  /// commands (`scripts/demo`, `scripts/test`), and it lists every command in one line.
  @Test func theReadmeIsShort() throws {
    let readme = try documentationText("README.md")
    let lines = readme.components(separatedBy: "\n")
    #expect(lines.count < 250, "README.md has \(lines.count) lines")
    let quickStart = try readmeBlocks(in: "README.md").filter {
      $0.language == "sh" && !$0.marker.hasPrefix("clone")
    }
    let first = try #require(quickStart.first)
    #expect(
      commands(first).map { uncommented($0.command) } == ["scripts/demo", "scripts/test"],
      "\(first.place)")
    let rows = lines.filter { $0.hasPrefix("| `") }.compactMap {
      $0.dropFirst(3).split(separator: "`").first.map(String.init)
    }
    let expected = try helpCommands() + ["help"]
    #expect(rows == expected, "README.md's command table: \(rows), --help: \(expected)")
  }

  /// A reader following the README literally learns where each snippet goes: the prose
  /// just above it names the file (`zoom.lua` and `examples/ipad-portrait.lua` did not).
  @Test func everySnippetSaysWhereItGoes() throws {
    for b in try readmeBlocks() where b.marker.hasPrefix("file ") {
      let lines = try documentationText(b.page).components(separatedBy: "\n")
      let path = String(b.marker.dropFirst("file ".count))
      let name = String(path.split(separator: "/").last ?? "")
      // The marker sits two lines above the text; the prose is the few lines before it.
      let prose = lines[max(0, b.line - 8)..<max(0, b.line - 3)].joined(separator: " ")
      #expect(
        prose.contains("`\(path)`") || prose.contains("`\(name)`"),
        "\(b.place): the text above does not say to save \(path)")
    }
  }

  /// The quick start names every Debian package `scripts/bootstrap` installs (chromium and
  /// strace came to the bootstrap without the README saying so).
  @Test func quickStartNamesWhatTheBootstrapInstalls() throws {
    let readme = try documentationText("README.md")
    let bootstrap = try String(contentsOfFile: packageRoot + "/scripts/bootstrap", encoding: .utf8)
    let line = try #require(
      bootstrap.components(separatedBy: "\n").first { $0.hasPrefix("packages=(") })
    let packages = line.dropFirst("packages=(".count).prefix { $0 != ")" }
      .split(separator: " ").map(String.init)
    #expect(packages.count >= 8)
    let quickStart = readme.components(separatedBy: "## Your first diagnosis").first ?? ""
    for p in packages {
      #expect(quickStart.contains("`\(p)`"), "the quick start does not name \(p)")
    }
  }

  /// Every shell command and Lua snippet, in order, from a fresh clone as a person runs
  /// them: the README's clone block is the repository's tracked files copied into
  /// `psychologist` (what `git clone` makes, uncommitted edits included), with HOME beside
  /// it (the plugin steps write into ~/.config) and the built binary both as
  /// .build/release/psychologist (the skipped quick start builds it) and as `psychologist`
  /// on PATH. A failing command's sample output is what it prints, HOME read as /home/me.
  @Test func everyCommandAndSnippetWorksAsPrinted() throws {
    let outside = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: outside) }
    let fm = FileManager.default
    let work = outside + "/psychologist"
    let tracked = try runProgram("/usr/bin/git", ["-C", packageRoot, "ls-files", "-z"])
    #expect(tracked.status == 0, "\(tracked.stderr)")
    for file in tracked.out.split(separator: "\0").map(String.init)
    where fm.fileExists(atPath: packageRoot + "/" + file) {
      let folder = (work + "/" + file as NSString).deletingLastPathComponent
      try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try fm.copyItem(atPath: packageRoot + "/" + file, toPath: work + "/" + file)
    }
    for folder in [work + "/.build/release", outside + "/bin", outside + "/home"] {
      try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try fm.createSymbolicLink(
      atPath: work + "/.build/release/psychologist", withDestinationPath: binary)
    try fm.createSymbolicLink(atPath: outside + "/bin/psychologist", withDestinationPath: binary)

    // One shell runs it all, so variables ($psy) and folders carry from block to block as
    // they do for a reader; each command's status is checked as it ends.
    var script = """
      set -u
      cd \(shellQuoted(outside))
      unset XDG_CONFIG_HOME PSYCHOLOGIST_PATH
      export HOME=\(shellQuoted(outside + "/home")) PATH=\(shellQuoted(outside + "/bin")):"$PATH"
      fail() { echo "$1: $2" >&2; exit 1; }

      """
    var ran = 0
    var cloned = false
    let blocks = try readmeBlocks()
    for (index, block) in blocks.enumerated() where !block.marker.hasPrefix("skip") {
      if block.marker.hasPrefix("clone") {
        // The clone is made above; its `cd` is the reader's.
        #expect(block.text.joined().contains("git clone"), "\(block.place)")
        #expect(!cloned && ran == 0, "\(block.place): the clone comes first")
        script += "cd psychologist || fail \(block.place) 'no clone'\n"
        cloned = true
        continue
      }
      switch block.language {
      case "lua":
        let path = block.marker.dropFirst("file ".count).trimmingCharacters(in: .whitespaces)
        script += "mkdir -p \"$(dirname \(path))\" && cat > \(path) <<'README_SNIPPET'\n"
        script += block.text.joined(separator: "\n") + "\nREADME_SNIPPET\n"
        ran += 1
      case "sh":
        for (line, command) in commands(block) {
          let at = "\(block.page):\(line)"
          ran += 1
          if block.marker.hasPrefix("watch"), command.contains("--watch") {
            // Runs until Ctrl-C: it must draw, and still be running, when stopped (with
            // SIGKILL: children of the test runner inherit its blocked SIGTERM).
            let bare = uncommented(command)
            script += """
              \(bare) > .watch.out 2>&1 &
              pid=$!
              for _ in $(seq 600); do grep -q '</svg>' .watch.out && break; sleep 0.1; done
              kill -0 $pid || fail \(at) "--watch ended by itself: $(cat .watch.out)"
              kill -KILL $pid; wait $pid 2>/dev/null
              grep -q '</svg>' .watch.out || fail \(at) "--watch drew nothing"
              rm .watch.out

              """
          } else if block.marker.hasPrefix("fails") {
            script += """
              {
              \(command)
              } 2> .err
              rc=$?; [ $rc -eq 1 ] || fail \(at) "meant to fail with exit 1, got $rc"
              grep -q '^psychologist: error: ' .err || fail \(at) "no error said"

              """
            // The sample under it, if any, is what it says (HOME read as /home/me).
            if index + 1 < blocks.count, blocks[index + 1].language.isEmpty {
              let sample = blocks[index + 1].text.joined(separator: "\n") + "\n"
              script += """
                sed "s#$HOME#/home/me#g" .err > .err.seen
                cat > .err.sample <<'README_SAMPLE'
                \(sample)README_SAMPLE
                cmp -s .err.seen .err.sample || fail \(blocks[index + 1].place) "the sample is not what it prints: $(cat .err.seen)"
                rm .err.seen .err.sample

                """
            }
            script += "rm .err\n"
          } else {
            script += "\(command)\nrc=$?; [ $rc -eq 0 ] || fail \(at) \"exit $rc\"\n"
            for out in outputs(command) {
              script += "[ -e \(out) ] || fail \(at) \"\(out) was not written\"\n"
              if out.hasSuffix(".svg") {
                script += "xmllint --noout \(out) || fail \(at) \"\(out) is no valid SVG\"\n"
              }
            }
          }
        }
      default: continue  // output, usage and JSON blocks are not commands
      }
    }
    try writeFile(work + "/readme.sh", script)
    let r = try runProgram("/bin/bash", [work + "/readme.sh"], in: work, timeout: 300)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(ran >= 25, "only \(ran) commands and snippets ran")
    #expect(cloned, "the README starts from no clone")
    // What the steps promise, checked from outside: the session's snapshot, a face per row
    // of the batch, the plugin folder the steps filled, and the user's own config untouched.
    #expect(fm.fileExists(atPath: work + "/out/mood.svg"))
    #expect(((try? fm.contentsOfDirectory(atPath: work + "/faces")) ?? []).count == 300)
    #expect(
      Set(
        (try? fm.contentsOfDirectory(atPath: outside + "/home/.config/psychologist/plugins")) ?? [])
        == ["fade.lua", "brows.lua", "questionnaire.lua", "styles.lua"])
  }
}
