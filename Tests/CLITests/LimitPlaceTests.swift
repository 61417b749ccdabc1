import Foundation
import TestSupport
import Testing

/// A limit met inside a module the script requires names the module's line, as the same
/// loop in the script names the script's: whichever command, cap and way the module runs.
@Suite struct LimitPlaceTests {
  /// Module bodies that run out of memory on their line 2.
  static let bodies = [
    "local t = {}\nfor i = 1, 1e9 do t[i] = i end\nreturn t\n",
    "local s = 'x'\nwhile true do s = s .. s end\nreturn s\n",
    "local t = {}\nwhile true do t[#t + 1] = {} end\nreturn t\n",
  ]

  @Test(arguments: bodies.indices, [16, 64])
  func memoryInARequiredModuleIsPlacedThere(_ body: Int, _ cap: Int) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/m.lua", Self.bodies[body])
    try writeFile(
      folder + "/s.lua", "local m = require \"m\"\ndiagnosis \"x\" { happiness = 50 }\n")
    try writeFile(
      folder + "/t.lua",
      "diagnosis \"x\" { happiness = function() require \"m\" return 50 end }\n")
    for (command, script) in [("check", "s.lua"), ("run", "s.lua"), ("show", "t.lua")] {
      var arguments = [command, script, "--memory-limit", String(cap)]
      if command == "show" { arguments += ["x", "-o", "x.svg"] }
      let r = try psychologist(arguments, in: folder)
      #expect(r.status == 1, "\(command): \(r.stderr)")
      #expect(
        r.stderr.contains("m.lua:2: not enough memory (limit \(cap) MiB)"),
        "\(command) at \(cap) MiB: \(r.stderr)")
    }
  }
}
