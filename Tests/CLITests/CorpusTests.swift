import Foundation
import TestSupport
import Testing

/// One hostile or broken script of Tests/Corpus and what must happen when the built binary
/// runs it (a row of Tests/Corpus/cases*.tsv).
struct CorpusCase: Sendable, CustomTestStringConvertible {
  /// The script's name without `.lua`.
  var name: String
  /// The command line; `@` stands for the script.
  var command: [String]
  /// The exit status.
  var exit: Int32
  /// The line stderr's first error must name (`NAME.lua:LINE`), nil for none.
  var line: Int?
  /// Words stderr must hold; `out:` words stdout; `!` words neither (`\x1b` is ESC);
  /// `xml` and `json`: stdout is a valid document.
  var words: [String]
  /// Seconds after which the run counts as hung (a bound against hangs, not a benchmark).
  var seconds: Double
  /// Folders, files, symlinks, FIFOs and padded data to make first.
  var setup: [String]
  /// Paths that must exist afterwards (SVGs must be valid XML).
  var exist: [String]
  /// Paths that must not exist afterwards (`prefix*`: nothing in that folder so named).
  var absent: [String]

  var testDescription: String { name }
}

/// The corpus folder.
let corpusFolder = packageRoot + "/Tests/Corpus"

/// Every row of every `cases*.tsv` (one table per class of attack, so tables grow apart).
let corpusCases: [CorpusCase] = {
  let tables = ((try? FileManager.default.contentsOfDirectory(atPath: corpusFolder)) ?? [])
    .filter { $0.hasPrefix("cases") && $0.hasSuffix(".tsv") }.sorted()
  let text = tables.compactMap {
    try? String(contentsOfFile: corpusFolder + "/" + $0, encoding: .utf8)
  }.joined(separator: "\n")
  func list(_ field: String, _ separator: Character) -> [String] {
    field == "-" ? [] : field.split(separator: separator).map(String.init)
  }
  return text.split(separator: "\n").compactMap { row -> CorpusCase? in
    if row.hasPrefix("#") { return nil }
    let f = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard f.count == 9 else { return nil }
    return CorpusCase(
      name: f[0], command: list(f[1], " "), exit: Int32(f[2]) ?? -1,
      line: f[3].hasPrefix("@:") ? Int(f[3].dropFirst(2)) : nil, words: list(f[4], "|"),
      seconds: Double(f[5]) ?? 10, setup: list(f[6], ","), exist: list(f[7], ","),
      absent: list(f[8], ","))
  }
}()

@Suite struct CorpusTests {
  @Test func corpusIsWhole() throws {
    // Every script has a row and every row a script: a case cannot silently drop out.
    let scripts = try FileManager.default.contentsOfDirectory(atPath: corpusFolder)
      .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }
    #expect(corpusCases.count >= 40)
    #expect(Set(scripts) == Set(corpusCases.map(\.name)))
    #expect(Set(corpusCases.map(\.name)).count == corpusCases.count)
  }

  @Test(arguments: corpusCases)
  func hostileScript(_ c: CorpusCase) throws {
    let work = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let fm = FileManager.default
    let script = c.name + ".lua"
    try fm.copyItem(atPath: corpusFolder + "/" + script, toPath: work + "/" + script)
    var environment: [String: String] = [:]
    for step in c.setup {
      let (kind, rest) = (step.prefix { $0 != ":" }, step.drop { $0 != ":" }.dropFirst())
      let path = work + "/" + rest.prefix { $0 != "=" }
      switch kind {
      case "dir": try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
      case "file": try writeFile(path, "a file, not a folder\n")
      case "copy":  // copy:NAME=FILE copies a data file of the corpus (batch input)
        try fm.copyItem(
          atPath: corpusFolder + "/" + String(rest.drop { $0 != "=" }.dropFirst()), toPath: path)
      case "env":  // env:NAME=VALUE sets a variable for the run (COLUMNS, LINES)
        environment[String(rest.prefix { $0 != "=" })] = String(rest.drop { $0 != "=" }.dropFirst())
      case "link":
        try fm.createSymbolicLink(
          atPath: path, withDestinationPath: String(rest.drop { $0 != "=" }.dropFirst()))
      case "fifo": #expect(mkfifo(path, 0o644) == 0, "mkfifo \(path)")  // blocks a reader
      case "pad", "padlines":  // pad:NAME=BYTES appends one endless line; padlines 100-byte lines
        let count = Int(rest.drop { $0 != "=" }.dropFirst()) ?? 0
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 99) + [0x0A]
        let bytes =
          kind == "pad"
          ? [UInt8](repeating: UInt8(ascii: "a"), count: count)
          : Array((0..<(count / 100)).lazy.flatMap { _ in line })
        if !fm.fileExists(atPath: path) { _ = fm.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
      default: Issue.record("unknown setup step \(step)")
      }
    }

    let started = Date()
    let run = try psychologist(
      c.command.map { $0 == "@" ? script : $0 }, in: work, environment: environment,
      timeout: c.seconds)
    let elapsed = Date().timeIntervalSince(started)

    // None may crash (a signal shows as 128 + n from a shell, or as a fatal error) or hang.
    #expect(!run.signaled && run.status < 128, "\(c.name) crashed: \(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"), "\(c.name): \(run.stderr)")
    #expect(elapsed < c.seconds, "\(c.name) took \(elapsed) s")
    #expect(run.status == c.exit, "\(c.name): exit \(run.status), stderr: \(run.stderr)")

    if c.exit != 0 {
      #expect(run.stderr.hasPrefix("psychologist: error: "), "\(c.name): \(run.stderr)")
    }
    if let line = c.line {
      let place = "psychologist: error: \(script):\(line): "
      #expect(run.stderr.contains(place), "\(c.name): wanted \(place) in \(run.stderr)")
    }
    let out = run.out
    for word in c.words {
      if word == "xml" {
        #expect(try validXML(run.stdout), "\(c.name): stdout is not valid XML")
      } else if word == "json" {
        #expect(
          (try? JSONSerialization.jsonObject(with: run.stdout)) != nil,
          "\(c.name): stdout is not valid JSON: \(out)")
      } else if word.hasPrefix("out:") {
        #expect(out.contains(word.dropFirst(4)), "\(c.name): stdout lacks \(word)")
      } else if word.hasPrefix("!") {
        let bad = word.dropFirst().replacingOccurrences(of: "\\x1b", with: "\u{1B}")
        #expect(!out.contains(bad) && !run.stderr.contains(bad), "\(c.name) holds \(word)")
      } else {
        #expect(run.stderr.contains(word), "\(c.name): stderr lacks '\(word)': \(run.stderr)")
      }
    }

    func resolve(_ p: String) -> String { p.hasPrefix("/") ? p : work + "/" + p }
    for path in c.exist {
      let p = resolve(path)
      #expect(fm.fileExists(atPath: p), "\(c.name): \(path) is missing")
      if p.hasSuffix(".svg"), let data = fm.contents(atPath: p) {
        #expect(try validXML(data), "\(c.name): \(path) is not a complete SVG")
      }
    }
    for path in c.absent {
      let p = resolve(path)
      if p.hasSuffix("*") {
        let folder = (p as NSString).deletingLastPathComponent
        let prefix = (p as NSString).lastPathComponent.dropLast()
        let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
        #expect(!names.contains { $0.hasPrefix(prefix) }, "\(c.name): \(path) exists")
      } else {
        var st = stat()
        #expect(lstat(p, &st) != 0, "\(c.name): \(path) exists")
      }
    }
    // Nothing half-written anywhere: no temporary file of an atomic write survives.
    let leftovers = (fm.enumerator(atPath: work)?.allObjects as? [String] ?? [])
      .filter { ($0 as NSString).lastPathComponent.hasPrefix(".psychologist-") }
    #expect(leftovers.isEmpty, "\(c.name) left \(leftovers)")
  }
}
