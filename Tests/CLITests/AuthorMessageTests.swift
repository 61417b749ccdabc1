import Foundation
import TestSupport
import Testing

/// A mistake's message carries its fix: the nearest names, every form a value may take,
/// and the line of the field at fault.
@Suite struct AuthorMessageTests {
  private func run(_ command: String, _ files: [String: String]) throws -> Run {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    for (name, text) in files { try writeFile(folder + "/" + name, text) }
    return try psychologist([command, "app.lua"], in: folder)
  }

  @Test func aThemeColourSaysTheNearestNamesAtItsOwnLine() throws {
    let r = try run(
      "check",
      [
        "app.lua": """
        diagnosis "x" { happiness = 10 }
        theme "mint" {
          title = "white",
          bar_top = "mintgreen",
          title_shadow = true,
          bar_bottom = 5,
        }

        """
      ])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "app.lua:4: theme 'mint': bar_top: unknown color 'mintgreen' (did you mean"),
      "\(r.stderr)")
    #expect(r.stderr.contains("'mintcream'"))
    #expect(r.stderr.contains("#rgb/#rrggbb"))
    // false is allowed there (no shadow): the message says so, and not "must be a string".
    #expect(
      r.stderr.contains(
        "app.lua:5: theme 'mint': title_shadow must be a color name, #rgb, #rrggbb, or false for none, got true"
      ), "\(r.stderr)")
    #expect(r.stderr.contains("app.lua:6: theme 'mint': bar_bottom must be a color name"))
    #expect(!r.stderr.contains("must be a string"))
  }

  @Test func aMisspeltModuleGetsTheNearestBesideTheScript() throws {
    let r = try run(
      "check",
      [
        "app.lua": "local c = require \"clinc\"\ndiagnosis \"x\" { happiness = 10 }\n",
        "clinic.lua": "return {}\n",
      ])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "app.lua:1: module 'clinc' not found: no such file on the script path (did you mean 'clinic'?)"
      ), "\(r.stderr)")
  }

  @Test func aRefusedModuleNameStillReadsAsNotFound() throws {
    // lua-uri's attempt_require and many like it look for "module '…' not found".
    let r = try run(
      "run",
      [
        "app.lua": """
        local ok, e = pcall(require, "../etc/passwd")
        print(ok, e:find("module '.-' not found") ~= nil)

        """
      ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out == "false\ttrue\n")
  }
}
