import Foundation
@testable import LuaHost
import TestSupport
import Testing

/// Lua 5.4.4's own test suite (`<package root>/../shared/lua-5.4.4-tests`, read-only), run
/// file by file under the sandbox: every file must do what lua5.4 does, except where
/// `Tests/LuaSuite/expected.tsv` names the documented sandbox rule it meets. Where the suite
/// is absent (a fresh clone) every test here is reported skipped, saying where it looked.
@Suite(.enabled(if: luaSuiteFolder != nil, Comment(rawValue: luaSuiteMissing)))
struct LuaSuiteTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  static let suite = luaSuiteExpectedAt

  /// One row of expected.tsv: the file, the error it stops with (a substring of
  /// `file:line: message`), and the Safety rule (docs/safety.md) that causes it; for a file stopped
  /// by a missing library (`debug`, `io`, `os`), also how it ends when the test lends those
  /// back (`ok`, or the error and its rule), so the rest of the file still tests the sandbox.
  struct Difference {
    var file: String
    var error: String
    var rule: String
    var whenLent: String = "ok"
    var whenLentRule: String = ""
  }

  static let differences: [String: Difference] = {
    let text =
      (try? String(contentsOfFile: root + "/Tests/LuaSuite/expected.tsv", encoding: .utf8)) ?? ""
    var rows: [String: Difference] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard f.count >= 3 else { continue }
      var row = Difference(file: f[0], error: f[1], rule: f[2])
      if f.count >= 5 {
        row.whenLent = f[3]
        row.whenLentRule = f[4]
      }
      rows[f[0]] = row
    }
    return rows
  }()

  static let files: [String] = {
    ((try? FileManager.default.contentsOfDirectory(atPath: suite)) ?? [])
      .filter { $0.hasSuffix(".lua") }.sorted()
  }()

  /// The rules docs/safety.md documents: its table's first column.
  static let documentedRules: Set<String> = {
    let page = (try? String(contentsOfFile: root + "/docs/safety.md", encoding: .utf8)) ?? ""
    var rules: Set<String> = []
    for line in page.split(separator: "\n") where line.hasPrefix("| `") {
      let cell = line.dropFirst(3).prefix { $0 != "`" }
      rules.insert(String(cell))
    }
    return rules
  }()

  /// Discards what the suite prints.
  final class Sink: LuaPrintTarget {
    func write(_ bytes: UnsafeRawBufferPointer) {}
  }

  @Test func theSuiteAndTheListAgree() {
    #expect(Self.files.count >= 30, "the suite is missing at \(Self.suite)")
    for (file, row) in Self.differences {
      #expect(Self.files.contains(file), "expected.tsv lists \(file), not in the suite")
      #expect(
        Self.documentedRules.contains(row.rule),
        "\(file): rule '\(row.rule)' is not in docs/safety.md's table")
    }
  }

  /// How a file ends under the sandbox (`ok` or the error `file:line: message`).
  func outcome(_ file: String, lending: Bool = false) throws -> String {
    let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.suite + "/" + file)))
    // Generous limits: the suite's own heavy tests expect to meet "not enough memory".
    let state = try LuaState(
      libraries: .sandbox, limits: LuaLimits(memory: 512 << 20, seconds: 60), output: Sink())
    try state.setRequirePath([Self.suite])
    if lending { try state.lendRemovedLibraries() }
    // As lua's own driver (all.lua) sets them: no long or non-portable tests, no notes.
    try state.setGlobal("_port", true)
    try state.setGlobal("_soft", true)
    try state.setGlobal("_nomsg", true)
    do {
      try state.run(source, chunkName: "@" + file)
    } catch let e as LuaError {
      return e.description
    }
    return "ok"
  }

  @Test(arguments: files)
  func suiteFile(_ file: String) throws {
    let outcome = try outcome(file)
    if let row = Self.differences[file] {
      #expect(
        outcome != "ok" && outcome.contains(row.error),
        "\(file): expected an error holding '\(row.error)' (\(row.rule)), got: \(outcome)")
    } else {
      #expect(outcome == "ok", "\(file): \(outcome)")
    }
  }

  /// The rules that remove a library the test can lend back.
  static let lendable: Set<String> = ["debug", "io", "os"]

  /// The files a missing library stops, run on with debug, io and the whole os lent by the
  /// test: the rest of each (coroutines, errors, closures, strings, metamethods) must still
  /// behave as under lua5.4, or stop at a rule of the sandbox that remains.
  @Test(
    arguments: files.filter {
      lendable.contains(differences[$0]?.rule ?? "") && differences[$0]?.whenLent != "-"
    })
  func suiteFileLendingLibraries(_ file: String) throws {
    let outcome = try outcome(file, lending: true)
    guard let row = Self.differences[file] else { return }
    if row.whenLent == "ok" {
      #expect(outcome == "ok", "\(file) with libraries lent: \(outcome)")
    } else {
      #expect(
        outcome != "ok" && outcome.contains(row.whenLent),
        "\(file) with libraries lent: expected '\(row.whenLent)' (\(row.whenLentRule)), got: \(outcome)"
      )
      #expect(
        Self.documentedRules.contains(row.whenLentRule)
          && !Self.lendable.contains(row.whenLentRule),
        "\(file): \(row.whenLentRule)")
    }
  }
}
