import Foundation
import LuaHost
import Psychologist
import Storyboard
import Testing

final class Collect: LuaPrintTarget {
  var bytes: [UInt8] = []
  func write(_ b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }
  var lines: [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

let examples =
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path + "/examples"

/// Runs `source` in a folder beside a copy of the seed example (so it can `require`).
func run(_ source: String, options: ScriptOptions = ScriptOptions()) throws -> [String] {
  let dir = NSTemporaryDirectory() + "psy-session-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: dir) }
  try FileManager.default.copyItem(
    atPath: examples + "/psychologist.lua", toPath: dir + "/psychologist.lua")
  try FileManager.default.copyItem(atPath: examples + "/ipad.lua", toPath: dir + "/ipad.lua")
  try source.write(toFile: dir + "/main.lua", atomically: true, encoding: .utf8)
  var o = options
  o.outputDirectory = dir
  let out = Collect()
  let script = try Script(path: dir + "/main.lua", options: o, output: out)
  try script.load()
  return out.lines
}

func error(_ source: String, options: ScriptOptions = ScriptOptions()) -> LuaError? {
  do { _ = try run(source, options: options) } catch let e as LuaError { return e } catch {}
  return nil
}

@Suite struct SeedBehaviour {
  @Test func theThreeButtonsGiveTheirDiagnoses() throws {
    let lines = try run(
      """
      require "psychologist"
      local s = session {}
      for _, b in ipairs { "flaying", "bite", "play" } do
        s:tap(b) print(s.scene, s.happiness) s:back()
      end
      """)
    #expect(lines == ["Happiness\t86", "Happiness\t70", "Happiness\t20"])
  }

  @Test func theThreeSeguesGiveTheirHappiness() throws {
    let lines = try run(
      """
      require "psychologist"
      local s = session {}
      for _, id in ipairs { "movie", "teleplay", "cartoon" } do
        s:perform(id) print(s.happiness) s:back()
      end
      """)
    #expect(lines == ["50", "20", "100"])
  }

  @Test func panUpFromSeventyGivesNinetyAndClamps() throws {
    let lines = try run(
      """
      require "psychologist"
      local s = session {}
      s:tap("bite") s:pan(-40) print(s.happiness)
      s:pan(-40) print(s.happiness)
      s:pan(1000) print(s.happiness)
      s.happiness = 35 print(s.happiness)
      s.happiness = 35.5 print(s.happiness)
      """)
    #expect(lines == ["90", "100", "0", "35", "35.5"])
  }

  @Test func pinchMultipliesTheScale() throws {
    let lines = try run(
      """
      require "psychologist"
      local s = session {}
      s:tap("bite") print(s.scale)
      s:pinch(2) print(s.scale)
      s:pinch(0.5) print(s.scale)
      """)
    #expect(lines == ["0.9", "1.8", "0.9"])
  }

  @Test func rotatingChangesTheContentRectAndTheFaceSize() throws {
    let lines = try run(
      """
      require "psychologist"
      local s = session {}
      s:tap("bite")
      local a = s:face()
      s:rotate()
      local b = s:face()
      print(s.orientation, a.size, b.size, a.center.x, a.center.y, b.center.x, b.center.y)
      """)
    // portrait push: content 320×416 → size 160*0.9 = 144 at (160, 208);
    // landscape push: 480×268 → size 134*0.9 = 120.6 at (240, 134)
    #expect(lines == ["landscape\t144.0\t120.6\t160.0\t208.0\t240.0\t134.0"])
  }

  @Test func backPopsAndDismisses() throws {
    let lines = try run(
      """
      require "psychologist"
      local s = session {}
      s:tap("bite") print(table.concat(s.stack, ">")) print(s:back(), s.scene)
      s:perform("cartoon") print(table.concat(s.stack, ">")) print(s:back(), s.scene)
      print(s:back())
      """)
    #expect(
      lines == [
        "Psychologist>Happiness", "true\tPsychologist", "Psychologist>Happiness",
        "true\tPsychologist", "false",
      ])
  }

  @Test func tappingWhileTheMenuIsHiddenIsAnError() {
    let e = error("require 'psychologist'\nlocal s = session {}\ns:tap('bite')\ns:tap('play')")
    #expect(e?.location?.description.hasSuffix("main.lua:4") == true)
    #expect(e?.message.contains("menu is not on screen") == true)
  }
}

@Suite struct IPadRules {
  @Test func replaceSwapsTheDetailAndKeepsTheMaster() throws {
    let lines = try run(
      """
      require "ipad"
      local s = session { device = "ipad", orientation = "landscape" }
      s:tap("bite") print(s.happiness, table.concat(s.stack, ">"))
      s:tap("play") print(s.happiness, table.concat(s.stack, ">"))
      local f = s:face() print(f.center.x, f.center.y)
      """)
    // detail 703×704 → centre (351.5, 352) in the content rect
    #expect(lines == ["70\tPsychologist>Happiness", "20\tPsychologist>Happiness", "351.5\t352.0"])
  }

  @Test func aPopoverShowsOverTheScreenAndBackDismissesIt() throws {
    let lines = try run(
      """
      require "ipad"
      local s = session { device = "ipad", orientation = "landscape" }
      s:tap("bite")
      s:perform("teleplay") print(s.happiness, s:face().size)
      print(s:back(), s.happiness)
      """)
    // popover 320×320 → size 144; back returns to the detail's face (70)
    #expect(lines == ["20\t144.0", "true\t70"])
  }

  @Test func aPopoverOnAnIPhoneFailsWithTheDeclaringLine() throws {
    let dir = NSTemporaryDirectory() + "psy-pop-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try
      "diagnosis 'a' { happiness = 1 }\nsegue 'showDiagnosis' {\n  kind = 'popover' }\nsession {}\n"
      .write(toFile: dir + "/p.lua", atomically: true, encoding: .utf8)
    let script = try Script(path: dir + "/p.lua", output: Collect())
    do {
      try script.load()
      Issue.record("no error")
    } catch let e as LuaError {
      #expect(e.location?.description == dir + "/p.lua:2")
      #expect(e.message.contains("popover segues do not exist on an iphone"))
      #expect(e.message.contains("allowed: push, modal, or a custom kind declared with segue_kind"))
      #expect(!e.message.contains("custom,") && !e.message.contains("custom)"))
    }
  }
}

@Suite struct Validation {
  func problems(_ source: String, device: Device = .iphone) throws -> [String] {
    let dir = NSTemporaryDirectory() + "psy-val-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try source.write(toFile: dir + "/v.lua", atomically: true, encoding: .utf8)
    let script = try Script(path: dir + "/v.lua", output: Collect())
    try script.load()
    return script.problems(on: device).map {
      $0.description.replacingOccurrences(of: dir + "/", with: "")
    }
  }

  @Test func everyProblemIsReportedAtOnce() throws {
    let p = try problems(
      """
      diagnosis "a" { happiness = 120 }
      diagnosis "b" { happines = 3 }
      diagnosis "a" { happiness = 1 }
      diagnosis "c" { happiness = "x", segue = "nowhere" }
      segue "showDiagnosis" { kind = "puhs" }
      segue "d" { kind = "replace" }
      diagnosis "e" { happiness = 0/0 }
      """)
    #expect(p.contains("v.lua:1: diagnosis 'a': happiness must be between 0 and 100, got 120"))
    #expect(
      p.contains(
        "v.lua:2: diagnosis 'b' has an unknown field 'happines' (did you mean 'happiness'?)"))
    #expect(
      p.contains {
        $0.hasPrefix("v.lua:3: diagnosis 'a' is declared twice: here and at ")
          && $0.contains("v.lua:1")
      })
    #expect(p.contains("v.lua:4: diagnosis 'c': happiness must be a number, got string"))
    #expect(p.contains { $0.hasPrefix("v.lua:4: diagnosis 'c' performs segue 'nowhere'") })
    #expect(
      p.contains {
        $0.hasPrefix("v.lua:5: segue 'showDiagnosis': unknown kind 'puhs' (did you mean 'push'?)")
      })
    #expect(
      p.contains { $0.hasPrefix("v.lua:6: segue 'd': replace segues do not exist on an iphone") })
    #expect(p.contains("v.lua:7: diagnosis 'e': happiness must be a finite number, got nan"))
    #expect(try problems("segue 'd' { kind = 'replace' }", device: .ipad).isEmpty)
  }

  @Test func computedHappinessOutsideTheRangeIsAnErrorLikeALiteral() {
    for (declaration, line) in [
      ("diagnosis \"mood\" { happiness = function(input) return 150 end }", "main.lua:1"),
      ("diagnosis \"mood\" { happiness = function(input) return -0.5 end }", "main.lua:1"),
      (
        "diagnosis \"mood\" { happiness = 50 }\nsegue \"showDiagnosis\" { happiness = function() return 101 end }",
        "main.lua:2"
      ),
    ] {
      let e = error(declaration + "\nsession {}:tap(\"mood\")")
      #expect(e?.location?.description.hasSuffix(line) == true, "\(String(describing: e))")
      #expect(e?.message.contains("outside 0…100 (say clamp = true") == true)
    }
  }

  @Test func computedHappinessIsClampedWhenTheDeclarationSaysSo() throws {
    let lines = try run(
      """
      diagnosis "mood" { happiness = function(input) return 40 + 5 * input.sleep end, clamp = true }
      local s = session {}
      s:tap("mood", { sleep = 20 }) print(s.happiness) s:back()
      s:tap("mood", { sleep = -20 }) print(s.happiness) s:back()
      s:tap("mood", { sleep = 3 }) print(s.happiness)
      """)
    #expect(lines == ["100", "0", "55"])
  }

  @Test func aHappinessFunctionReturningNaNNamesTheDeclaration() {
    let e = error(
      """
      segue "showDiagnosis" { kind = "push" }
      diagnosis "bad" { happiness = function() return 0/0 end }
      session {}:tap("bad")
      """)
    #expect(e?.location?.description.hasSuffix("main.lua:2") == true)
    #expect(e?.message.contains("finite") == true)
  }
}
