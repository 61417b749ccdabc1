import Foundation
import Testing
import TestSupport

/// The sandbox's own pattern matcher (bounded by the time limit) must behave as Lua 5.4's:
/// the same results and the same error messages, checked against the real lua5.4.
@Suite struct PatternTests {
  /// Runs a script of Tests/Scripts under lua5.4 and under `psychologist run`; returns
  /// both outputs' lines after checking both ran. The time limit is generous: the
  /// generated pairs take a few seconds of a busy machine.
  func bothOutputs(_ script: String) throws -> (lua: [Substring], ours: [Substring]) {
    let work = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileManager.default.copyItem(
      atPath: packageRoot + "/Tests/Scripts/" + script, toPath: work + "/" + script)
    let lua = try runProgram("/usr/bin/lua5.4", [script], in: work, timeout: 240)
    let ours = try psychologist(["run", script, "--time-limit", "240"], in: work, timeout: 240)
    #expect(lua.status == 0 && ours.status == 0, "\(lua.stderr) \(ours.stderr)")
    return (
      lua.out.split(separator: "\n", omittingEmptySubsequences: false),
      ours.out.split(separator: "\n", omittingEmptySubsequences: false)
    )
  }

  /// Records the first line that differs, with the lines before it (the call being shown).
  func expectSame(_ expected: [Substring], _ got: [Substring]) {
    #expect(got.count == expected.count)
    if let i = (0..<min(expected.count, got.count)).first(where: { expected[$0] != got[$0] }) {
      let context = expected[max(0, i - 9)...i].joined(separator: "\n")
      Issue.record("line \(i + 1): lua5.4 \(expected[i]) | ours \(got[i])\n\(context)")
    }
  }

  /// 20,000 generated pairs and the edges (nesting at Lua's limit of 200, 32 captures,
  /// anchors and empty matches in gmatch and gsub, every argument error), each through
  /// find, plain find, match, gmatch and four kinds of gsub.
  @Test func generatedPairsMatchLua54() throws {
    let (expected, got) = try bothOutputs("pattern_pairs.lua")
    #expect(expected.count > 180_000)
    #expect(expected.filter { $0.hasPrefix(" gsubf ") }.count >= 20_000)
    expectSame(expected, got)
  }

  /// The generator reaches every error the engine raises, and matches often: what lua5.4
  /// printed for the pairs holds each message and plenty of successful matches.
  @Test func generatedPairsReachEveryMessage() throws {
    let work = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let script = "pattern_pairs.lua"
    try FileManager.default.copyItem(
      atPath: packageRoot + "/Tests/Scripts/" + script, toPath: work + "/" + script)
    let lua = try runProgram("/usr/bin/lua5.4", [script], in: work, timeout: 240)
    let text = String(decoding: lua.stdout, as: UTF8.self)
    for message in [
      "malformed pattern (ends with '%')", "malformed pattern (missing ']')",
      "malformed pattern (missing arguments to '%b')", "missing '[' after '%f' in pattern",
      "invalid capture index %0", "invalid capture index %9", "invalid pattern capture",
      "unfinished capture", "too many captures", "pattern too complex",
      "invalid replacement value (a table)", "invalid use of '%' in replacement string",
      "bad argument #3 to 'string.find' (number has no integer representation)",
      "bad argument #4 to 'string.gsub'", "bad argument #3 to 'string.gsub'",
      "bad argument #3 to 'gmatch'", "resulting string too large",
    ] {
      #expect(text.contains(message), "no pair gives \(message)")
    }
    let lines = text.split(separator: "\n")
    let found = lines.filter { $0.hasPrefix(" find ") && $0.dropFirst(6).first?.isNumber == true }
    let matched = lines.filter { $0.hasPrefix(" gmatch \"") }
    #expect(found.count > 2_000 && matched.count > 8_000, "\(found.count) finds, \(matched.count)")
  }

  /// table.concat, unpack, insert, remove, move and sort (also rewritten to look at the
  /// clock) at their edges: ranges, metamethods and every error message.
  @Test func tableFunctionsMatchLua54() throws {
    let (expected, got) = try bothOutputs("table_calls.lua")
    #expect(expected.count > 30)
    expectSame(expected, got)
  }

  /// Lua 5.4.4's own tests of patterns, strings and sort pass under the sandbox (strings.lua
  /// wants io.write and os.setlocale, which the sandbox lacks: stubs stand in).
  @Test(
    .enabled(if: luaSuiteFolder != nil, Comment(rawValue: luaSuiteMissing)),
    arguments: ["pm.lua", "strings.lua", "sort.lua"])
  func luaSuiteFilePasses(_ file: String) throws {
    let suite = luaSuiteExpectedAt + "/" + file
    guard FileManager.default.fileExists(atPath: suite) else {
      Issue.record("missing \(suite)")
      return
    }
    let work = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let stubs =
      "io = {write = function() end, stdin = {}, stdout = {}, stderr = {write = function() end}} "
      + "os.setlocale = function(l) if l == nil or l == 'C' then return 'C' end return false end\n"
    let text = try String(contentsOfFile: suite, encoding: .isoLatin1)
    try (stubs + text).write(toFile: work + "/" + file, atomically: true, encoding: .isoLatin1)
    let run = try psychologist(
      ["run", file, "--time-limit", "120", "--memory-limit", "2048"], in: work, timeout: 180)
    #expect(run.status == 0, "\(file): \(run.stderr)")
    #expect(run.out.hasSuffix("OK\n"), "\(file): \(run.out.suffix(200))")
  }
}
