import Foundation
import TestSupport
import Testing

/// Help where an author gets stuck: a misspelt name gets the name meant, a runtime error
/// the script's frames that led to it.
@Suite struct AuthorHelpTests {
  private func folder(_ files: [String: String]) throws -> String {
    let dir = try temporaryFolder()
    for (name, text) in files { try writeFile(dir + "/" + name, text) }
    return dir
  }

  @Test func aMisspeltDSLGlobalGetsTheNameMeant() throws {
    let dir = try folder(["m.lua": "diagnossis \"mocha\" { happiness = 30 }\n"])
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "m.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("m.lua:1:"), "\(r.stderr)")
    #expect(r.stderr.contains("(global 'diagnossis'; did you mean 'diagnosis'?)"), "\(r.stderr)")
  }

  @Test func aMisspeltGlobalOfTheScriptGetsTheNameMeant() throws {
    let dir = try folder([
      "m.lua": """
      function brew_time(i) return 30 + i.shots end
      diagnosis "mocha" { happiness = function(i) return brew_tme(i) end }
      """
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(
      ["show", "m.lua", "mocha", "--input", "shots=2", "-o", "m.svg"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("m.lua:2:"), "\(r.stderr)")
    #expect(r.stderr.contains("(global 'brew_tme'; did you mean 'brew_time'?)"), "\(r.stderr)")
  }

  @Test func aGlobalNothingIsNearGetsNoGuess() throws {
    let dir = try folder(["m.lua": "zzqqxx \"mocha\" { happiness = 30 }\n"])
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "m.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("(global 'zzqqxx')"), "\(r.stderr)")
    #expect(!r.stderr.contains("did you mean"))
  }
}
