import Foundation
import Testing
import TestSupport

/// A fenced block of README.md, with the marker comment just above it, if any:
/// `<!-- readme-test: file PATH -->` (a Lua block is saved as PATH), `skip: why`,
/// `fails` (each command exits 1 with an error), `watch: …` (a `--watch` line runs until
/// stopped: it is started, must draw, then is stopped).
struct ReadmeBlock {
  var language: String
  var text: [String]
  var marker: String
  /// The line of README.md where the block's text starts.
  var line: Int
}

/// The fenced blocks of README.md, read now (never a copy of them).
func readmeBlocks() throws -> [ReadmeBlock] {
  let lines = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    .components(separatedBy: "\n")
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
      ReadmeBlock(language: language, text: Array(lines[(i + 1)..<j]), marker: marker, line: i + 2))
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
        "README.md:\(b.line): \(b.marker)")
      if word == "skip" { #expect(b.marker.count > 10, "README.md:\(b.line): skip says why") }
    }
    for b in blocks where b.language == "lua" {
      #expect(b.marker.hasPrefix("file "), "README.md:\(b.line): a Lua snippet needs a file name")
    }
    // The README's sections that the issue names all hold something the test runs.
    let run = blocks.filter { ["sh", "lua"].contains($0.language) && !$0.marker.hasPrefix("skip") }
    #expect(run.count >= 12)
  }

  /// A reader following the README literally learns where each snippet goes: the prose
  /// just above it names the file (`zoom.lua` and `examples/ipad-portrait.lua` did not).
  @Test func everySnippetSaysWhereItGoes() throws {
    let lines = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
      .components(separatedBy: "\n")
    for b in try readmeBlocks() where b.marker.hasPrefix("file ") {
      let path = String(b.marker.dropFirst("file ".count))
      let name = String(path.split(separator: "/").last ?? "")
      // The marker sits two lines above the text; the prose is the few lines before it.
      let prose = lines[max(0, b.line - 8)..<max(0, b.line - 3)].joined(separator: " ")
      #expect(
        prose.contains("`\(path)`") || prose.contains("`\(name)`"),
        "README.md:\(b.line): the text above does not say to save \(path)")
    }
  }

  /// The quick start names every Debian package `scripts/bootstrap` installs (chromium and
  /// strace came to the bootstrap without the README saying so).
  @Test func quickStartNamesWhatTheBootstrapInstalls() throws {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
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
      fail() { echo "README.md:$1: $2" >&2; exit 1; }

      """
    var ran = 0
    var cloned = false
    let blocks = try readmeBlocks()
    for (index, block) in blocks.enumerated() where !block.marker.hasPrefix("skip") {
      if block.marker.hasPrefix("clone") {
        // The clone is made above; its `cd` is the reader's.
        #expect(block.text.joined().contains("git clone"), "README.md:\(block.line)")
        #expect(!cloned && ran == 0, "README.md:\(block.line): the clone comes first")
        script += "cd psychologist || fail \(block.line) 'no clone'\n"
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
          ran += 1
          if block.marker.hasPrefix("watch"), command.contains("--watch") {
            // Runs until Ctrl-C: it must draw, and still be running, when stopped (with
            // SIGKILL: children of the test runner inherit its blocked SIGTERM).
            let bare = uncommented(command)
            script += """
              \(bare) > .watch.out 2>&1 &
              pid=$!
              for _ in $(seq 600); do grep -q '</svg>' .watch.out && break; sleep 0.1; done
              kill -0 $pid || fail \(line) "--watch ended by itself: $(cat .watch.out)"
              kill -KILL $pid; wait $pid 2>/dev/null
              grep -q '</svg>' .watch.out || fail \(line) "--watch drew nothing"
              rm .watch.out

              """
          } else if block.marker.hasPrefix("fails") {
            script += """
              {
              \(command)
              } 2> .err
              rc=$?; [ $rc -eq 1 ] || fail \(line) "meant to fail with exit 1, got $rc"
              grep -q '^psychologist: error: ' .err || fail \(line) "no error said"

              """
            // The sample under it, if any, is what it says (HOME read as /home/me).
            if index + 1 < blocks.count, blocks[index + 1].language.isEmpty {
              let sample = blocks[index + 1].text.joined(separator: "\n") + "\n"
              script += """
                sed "s#$HOME#/home/me#g" .err > .err.seen
                cat > .err.sample <<'README_SAMPLE'
                \(sample)README_SAMPLE
                cmp -s .err.seen .err.sample || fail \(blocks[index + 1].line) "the sample is not what it prints: $(cat .err.seen)"
                rm .err.seen .err.sample

                """
            }
            script += "rm .err\n"
          } else {
            script += "\(command)\nrc=$?; [ $rc -eq 0 ] || fail \(line) \"exit $rc\"\n"
            for out in outputs(command) {
              script += "[ -e \(out) ] || fail \(line) \"\(out) was not written\"\n"
              if out.hasSuffix(".svg") {
                script += "xmllint --noout \(out) || fail \(line) \"\(out) is no valid SVG\"\n"
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
