import Foundation
import Testing

/// The sandbox's own pattern matcher (bounded by the time limit) must behave as Lua 5.4's:
/// the same results and the same error messages, checked against the real lua5.4.
@Suite struct PatternTests {
  @Test func generatedPairsMatchLua54() throws {
    let work = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileManager.default.copyItem(
      atPath: packageRoot + "/Tests/Scripts/pattern_pairs.lua", toPath: work + "/pairs.lua")
    let lua = try runProgram("/usr/bin/lua5.4", ["pairs.lua"], in: work)
    let ours = try psychologist(["run", "pairs.lua"], in: work)
    #expect(lua.status == 0 && ours.status == 0, "\(lua.stderr) \(ours.stderr)")
    let expected = lua.out.split(separator: "\n", omittingEmptySubsequences: false)
    let got = ours.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(expected.count > 10_000)
    #expect(got.count == expected.count)
    // the first difference, with its pattern, is what a reader needs
    if let i = (0..<min(expected.count, got.count)).first(where: { expected[$0] != got[$0] }) {
      let context = expected[max(0, i - 9)...i].joined(separator: "\n")
      Issue.record("line \(i + 1): lua5.4 \(expected[i]) | ours \(got[i])\n\(context)")
    }
  }

  /// Lua 5.4.4's own tests of patterns and strings pass under the sandbox (strings.lua
  /// wants io.write and os.setlocale, which the sandbox lacks: stubs stand in).
  @Test(arguments: ["pm.lua", "strings.lua"])
  func luaSuiteFilePasses(_ file: String) throws {
    let suite = packageRoot + "/../shared/lua-5.4.4-tests/" + file
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
