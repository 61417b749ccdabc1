import Foundation
import Psychologist
import Readable
import TestSupport
import Testing

/// Messages read well: counts agree with their nouns, lists are never empty parentheses, and
/// a stale PSYCHOLOGIST_PATH entry is a warning about that entry.
@Suite struct WordingTests {
  @Test func countsAgreeWithTheirNouns() {
    #expect(plural(0, "problem") == "0 problems")
    #expect(plural(1, "more problem") == "1 more problem")
    #expect(plural(2, "segue kind") == "2 segue kinds")
    #expect(plural(1, "diagnosis", "diagnoses") == "1 diagnosis")
    #expect(plural(3, "diagnosis", "diagnoses") == "3 diagnoses")
    #expect(listing("buttons", [], none: "none") == "(none)")
    #expect(listing("buttons", ["a", "b"], none: "none") == "(buttons: a, b)")
    #expect(grouped(7) == "7" && grouped(1995) == "1,995" && grouped(-1_234_567) == "-1,234,567")
  }

  @Test func aLongListIsCutAndCounted() {
    let names = (1...2000).map { "d\($0)" }
    #expect(
      listing("buttons", names, none: "none")
        == "(2,000 buttons: d1, d2, d3, d4, d5, … and 1,995 more)")
    // Ten are given whole; a name past 40 characters is cut in the middle.
    #expect(listing("buttons", Array(names.prefix(10)), none: "none").hasSuffix("d9, d10)"))
    let long = String(repeating: "x", count: 100_000) + "1"
    #expect(
      listing("segues", [long], none: "none")
        == "(segues: " + String(repeating: "x", count: 28) + "…" + String(repeating: "x", count: 10)
        + "1)")
  }

  @Test func aFailedTapAmongThousandsOfButtonsSaysAFewAndHowMany() throws {
    let r = try withScript(
      """
      for i = 1, 2000 do diagnosis("d" .. i) { happiness = i % 100 } end
      local s = session {}
      s:tap("d19999")
      """, ["run"])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains("s.lua:3: no diagnosis 'd19999' (did you mean 'd1999'?)"), "\(r.stderr)")
    #expect(r.stderr.contains("(2,000 buttons: d1, d2, d3, d4, d5, … and 1,995 more)"))
    #expect(r.stderr.utf8.count < 300, "\(r.stderr.utf8.count) bytes")
  }

  /// Runs `lua` as a script with `command`, in a folder of its own.
  private func withScript(
    _ lua: String, _ command: [String], environment: [String: String] = [:]
  ) throws -> Run {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(dir + "/s.lua", lua)
    var env = ["XDG_CONFIG_HOME": dir]
    env.merge(environment) { $1 }
    return try psychologist(
      [command[0], dir + "/s.lua"] + command.dropFirst(), in: dir, environment: env)
  }

  @Test func checkCountsOneOfEach() throws {
    let r = try withScript(
      """
      segue_kind "fade" { perform = function(nav, scene) nav:present(scene) end }
      feature "f" { draw = function(face, pen) end }
      diagnosis "d" { happiness = 3 }
      segue "showDiagnosis" { kind = "fade", happiness = function(ctx) return ctx.diagnosis end }
      """, ["check"])
    #expect(
      r.status == 0 && r.out.hasSuffix(": ok (1 diagnosis, 1 segue, 1 segue kind, 1 feature)\n"))
  }

  @Test func oneMoreProblemIsOneProblem() throws {
    let r = try withScript(
      "segue 'x' { kind = 'nope', happiness = 1 }\nsegue 'y' { kind = 'nope2', happiness = 1 }\nprint(select(2, pcall(session, {})))\n",
      ["run"])
    // The refusal a script can catch names the first problem and counts the rest; the
    // command then lists every one.
    #expect(r.status == 1 && r.out.contains("(and 1 more problem; run check)"), "\(r.out)")
  }

  @Test(arguments: [
    ("local s = session {}\ns:tap('zz')\n", "no diagnosis 'zz' (the menu has none)"),
    ("local s = session {}\ns:perform('zz')\n", "no segue 'zz' (none is declared)"),
    (
      "segue_kind 'k' { devices = {}, perform = function(n, s) n:present(s) end }\nsegue 'x' { kind = 'k', happiness = 1 }\nlocal s = session {}\n",
      "with devices = {}, so on no device)"
    ),
  ])
  func emptyListsAreSaidInWords(lua: String, message: String) throws {
    let r = try withScript(lua, ["run"])
    #expect(r.status == 1 && r.stderr.contains(message), "\(r.stderr)")
    #expect(!r.stderr.contains(": )") && !r.stderr.contains("for )"))
  }

  @Test func theShowOfAnEmptyScriptSaysItDeclaresNothing() throws {
    let r = try withScript("-- nothing yet\n", ["show", "bite"])
    #expect(
      r.status == 2 && r.stderr.contains("(it declares no diagnosis or segue)"), "\(r.stderr)")
  }

  @Test func aStalePathEntryIsAWarningThatBlocksNothing() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let env = ["PSYCHOLOGIST_PATH": "\(dir)/gone::examples/plugins", "XDG_CONFIG_HOME": dir]
    let r = try psychologist(
      ["show", "examples/psychologist.lua", "questionnaire", "--format", "svg"], environment: env)
    #expect(r.status == 0)
    #expect(
      r.stderr == "psychologist: warning: PSYCHOLOGIST_PATH entry '\(dir)/gone' does not exist\n")
    let plain = try psychologist(
      [
        "show", "examples/psychologist.lua", "questionnaire", "--format", "svg", "--plugin",
        "examples/plugins",
      ],
      environment: ["XDG_CONFIG_HOME": dir])
    #expect(r.out == plain.out && !r.out.isEmpty)
    // The exit status is the command's own: a usage error stays one, and says its own problem.
    let unknown = try psychologist(
      ["show", "examples/psychologist.lua", "nobody"], environment: env)
    #expect(unknown.status == 2 && unknown.stderr.contains("warning: PSYCHOLOGIST_PATH entry"))
    #expect(unknown.stderr.contains("no diagnosis or segue named 'nobody'"))
    #expect(!unknown.stderr.contains("--plugin"))
    // A missing --plugin, typed just now, is still refused.
    let typed = try psychologist(
      ["show", "examples/psychologist.lua", "bite", "--plugin", dir + "/gone"],
      environment: ["XDG_CONFIG_HOME": dir])
    #expect(typed.status == 2 && typed.stderr.contains("--plugin '\(dir)/gone' does not exist"))
  }

  @Test func batchSummariesCountInWords() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(dir + "/rows.jsonl", "{\"sleep\": \"x\"}\n")
    let r = try psychologist([
      "batch", "examples/mood.lua", "--diagnosis", "mood", "--input", dir + "/rows.jsonl",
      "--output-dir", dir + "/faces",
    ])
    #expect(r.status == 1)
    #expect(r.stderr.contains("1 of 1 row failed (row 1); 0 faces written"), "\(r.stderr)")
  }
}
