// Places are data made where Lua gives them, and a field's line is found in the text the
// script ran with: an error in a row names the line of the field naming its column even
// when the file has changed or gone since it loaded (nothing reads it again).

@testable import App
@testable import Declarations
import Foundation
import LuaHost
@testable import Psychologist
import Readable
import Testing

@Suite struct SourcePlaces {
  @Test func aRowsErrorIsPlacedFromTheTextTheScriptRan() throws {
    let (s, dir) = try scriptInFolder(
      """
      diagnosis "d" {
        happiness = 50,
        channels = {
          smile = "mpg",
          eye_size = { column = "kind", levels = { "a", "b" } },
        },
      }
      """, tag: "places")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    // The file is rewritten with the fields on other lines, then removed.
    try "\n\n\n\n\n\n\n\n\ndiagnosis 'd' { channels = { smile = 'mpg' } }\n".write(
      toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: dir + "/s.lua")
    let d = try #require(s.registry.diagnosis("d"))
    let e = try Session(script: s, device: .iphone, orientation: .portrait).evaluator
    e.columnRanges = ["mpg": ColumnRange(low: 10, high: 30)]
    e.columnLevels = ["kind": ["a", "b"]]
    func failure(_ input: [LuaValue: LuaValue]) -> LuaError? {
      do {
        _ = try e.diagnose(d, input: .map(input))
        return nil
      } catch let error as LuaError { return error } catch { return nil }
    }
    let text = failure([.text("mpg"): .text("lots"), .text("kind"): .text("a")])
    #expect(text?.location == Readable.SourceLocation(file: dir + "/s.lua", line: 4))
    let level = failure([.text("mpg"): .number(12), .text("kind"): .text("c")])
    #expect(level?.location == Readable.SourceLocation(file: dir + "/s.lua", line: 5))
  }

  @Test func luaTextBecomesAPlaceOnlyWithALine() {
    #expect(
      Readable.SourceLocation(luaText: "C:/dir/a.lua:12")
        == Readable.SourceLocation(file: "C:/dir/a.lua", line: 12))
    #expect(Readable.SourceLocation(luaText: "a.lua") == nil)
    #expect(Readable.SourceLocation(luaText: "a.lua:") == nil)
    #expect(Readable.SourceLocation(luaText: "a.lua:1x") == nil)
    #expect(Readable.SourceLocation(luaText: "a.lua:99999999999999999999") == nil)
    #expect(Readable.SourceLocation(file: "a.lua", line: 3).description == "a.lua:3")
    #expect(Readable.SourceLocation(file: "a.lua").description == "a.lua")
    // Sorted by file, then by line as a number (2 before 10).
    let places = [("b.lua", 1), ("a.lua", 10), ("a.lua", 2)].map {
      Readable.SourceLocation(file: $0.0, line: $0.1)
    }
    #expect(places.sorted().map(\.description) == ["a.lua:2", "a.lua:10", "b.lua:1"])
  }

  /// Work on the app as a whole (`export`, `reel`, `show --screen` with no name) names a
  /// line too: the `app {}` declaration, else the script's first declaration (it named the
  /// file alone: `zh.lua: time limit exceeded`).
  @Test func theWholeAppsWorkNamesALine() throws {
    for (source, line) in [
      ("segue \"showDiagnosis\" { kind = \"push\" }\n\ndiagnosis \"d\" { happiness = 5 }\n", 1),
      ("\n\ndiagnosis \"d\" { happiness = 5 }\napp { title = \"心理\" }\n", 4),
    ] {
      let (s, dir) = try scriptInFolder(source, tag: "app-place")
      defer { try? FileManager.default.removeItem(atPath: dir) }
      try s.load()
      let place = s.hostWork(showing: "").place
      #expect(place.file == s.path && place.line == line, "\(place)")
    }
  }
}
