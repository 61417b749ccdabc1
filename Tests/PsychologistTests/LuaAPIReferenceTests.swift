import Foundation
import Psychologist
import Readable
import Testing

/// The Lua API reference (`psychologist help lua`, docs/lua-api.md) is the LuaCATS
/// definitions, whole: the binary's copy is the file, the page is what the command prints,
/// and every class and function of the file has its entry.
@Suite struct LuaAPIReferenceTests {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: root + "/" + path, encoding: .utf8)
  }

  @Test func theBinarysCopyIsTheDefinitionsFile() throws {
    // scripts/lua-api makes it again after types/psychologist.lua changes.
    #expect(try text("types/psychologist.lua") == luaAPIDefinitions + "\n", "run scripts/lua-api")
  }

  @Test func theDocsPageIsTheReference() throws {
    let reference = LuaAPIReference(definitions: try text("types/psychologist.lua"))
    #expect(try text("docs/lua-api.md") == reference.markdown, "run scripts/lua-api")
  }

  @Test func everyClassAndFunctionHasAnEntry() throws {
    let file = try text("types/psychologist.lua")
    let reference = LuaAPIReference(definitions: file)
    let names = Set(reference.entries.map(\.name))
    for line in file.split(separator: "\n") {
      if line.hasPrefix("---@class psychologist.") {
        #expect(names.contains(String(line.dropFirst("---@class psychologist.".count))), "\(line)")
      } else if line.hasPrefix("function ") {
        let name = line.dropFirst("function ".count).prefix { $0 != "(" }
        #expect(names.contains(String(name)), "\(line)")
      }
    }
    for wanted in ["diagnosis", "session", "Pen:color", "Nav:push", "Session:tap", "SegueFields"] {
      #expect(names.contains(wanted), "\(wanted)")
    }
  }

  @Test func aNameFindsItsEntryInAnyCaseAndByItsMethodName() throws {
    let reference = LuaAPIReference(definitions: try text("types/psychologist.lua"))
    #expect(reference.entries(named: "pen.color").map(\.name) == ["Pen:color"])
    #expect(reference.entries(named: "COLOR").map(\.name) == ["Pen:color"])
    #expect(reference.entries(named: "segue").map(\.name) == ["segue"])
    #expect(reference.entries(named: "tap").map(\.name) == ["Session:tap"])
    #expect(
      reference.entries(named: "diagnosisfields").first?.lines.contains {
        $0.hasPrefix("- `happiness?`")
      } == true)
    #expect(reference.suggestion(for: "sesion").contains("'session'"))
  }
}
