import Foundation
import TestSupport
import Testing

/// Every command names a script the same way, as the user typed it, and a module it
/// requires by one rule, lua5.4's: the path require found, the script's folder in front
/// (`./mine.lua` beside a script in the current folder; README, Safety, `require`).
@Suite struct ScriptNamingTests {
  /// main.lua requires mine.lua (beside it), whose line 2 fails while loading.
  func folder() throws -> String {
    let dir = try temporaryFolder()
    try FileManager.default.createDirectory(
      atPath: dir + "/sub", withIntermediateDirectories: true)
    try writeFile(dir + "/sub/mine.lua", "local M = {}\nerror(\"mine broke\")\nreturn M\n")
    try writeFile(
      dir + "/sub/main.lua",
      "local mine = require \"mine\"\ndiagnosis \"bite\" { happiness = 40 }\n"
        + "segue \"showDiagnosis\" { kind = \"push\" }\n")
    try writeFile(dir + "/sub/in.jsonl", "{\"a\": 1}\n")
    return dir
  }

  func commands(_ script: String, _ input: String) -> [[String]] {
    [
      ["run", script], ["check", script], ["list", script],
      ["show", script, "bite", "--format", "svg"],
      ["batch", script, "--diagnosis", "bite", "--input", input, "--output-dir", "out"],
    ]
  }

  @Test func everyCommandNamesTheModuleAsTyped() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (cwd, script, module) in [
      (dir + "/sub", "main.lua", "./mine.lua:2:"), (dir, "sub/main.lua", "sub/mine.lua:2:"),
      (dir + "/sub", "./main.lua", "./mine.lua:2:"),
    ] {
      let input = script.replacingOccurrences(of: "main.lua", with: "in.jsonl")
      for command in commands(script, input) {
        let r = try psychologist(command, in: cwd)
        #expect(r.status == 1, "\(command): \(r.stderr)")
        #expect(
          r.stderr.hasPrefix("psychologist: error: \(module) mine broke"),
          "\(command) in \(cwd): \(r.stderr)")
        // The script keeps the name typed: no ./ before it where none was typed.
        if !script.hasPrefix("./") {
          #expect(!r.stderr.contains("./" + script), "\(command): \(r.stderr)")
        }
      }
    }
  }
}
