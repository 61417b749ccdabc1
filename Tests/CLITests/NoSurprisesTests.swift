import Foundation
import TestSupport
import Testing

/// Inputs, colours and outputs: what an author writes is either done or refused with the
/// words that fix it, each problem said once.
@Suite struct NoSurprisesTests {
  private func folder(_ files: [String: String]) throws -> String {
    let dir = try temporaryFolder()
    for (name, text) in files { try writeFile(dir + "/" + name, text) }
    return dir
  }

  private func count(_ text: String, _ part: String) -> Int {
    text.components(separatedBy: part).count - 1
  }

  @Test func aCSSColourNameIsDrawnInItsColour() throws {
    let dir = try folder([
      "cup.lua": """
      feature "cup" { draw = function(face, pen) pen:color("SaddleBrown"); pen:width(6); pen:circle(0, 0, 0.5) end }
      diagnosis "latte" { happiness = 40, features = { "cup" } }
      """
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(["show", "cup.lua", "latte", "-o", "cup.svg"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    // CSS's saddlebrown, #8b4513, drawn: librsvg reads the SVG, not our table.
    let image = try rasterize(try Data(contentsOf: URL(fileURLWithPath: dir + "/cup.svg")))
    var found = false
    for y in 0..<image.height where !found {
      for x in 0..<image.width {
        if let p = image.at(x, y), abs(p.r - 0x8b) < 6, abs(p.g - 0x45) < 6, abs(p.b - 0x13) < 6 {
          found = true
          break
        }
      }
    }
    #expect(found)
  }

  @Test func aWrongColourIsSaidOnceWithTheNearestNames() throws {
    let dir = try folder([
      "cup.lua": """
      feature "cup" { draw = function(face, pen) pen:color("dodgrblue"); pen:circle(0, 0, 0.5) end }
      diagnosis "latte" { happiness = function(i) return 40 + i.shots end, features = { "cup" },
        examples = { { shots = 1 }, { shots = 2 }, { shots = 3 }, { shots = 4 } } }
      """
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "cup.lua"], in: dir)
    #expect(r.status == 1)
    #expect(count(r.stderr, "unknown color 'dodgrblue'") == 1, "\(r.stderr)")
    #expect(r.stderr.contains("cup.lua:1:"))
    #expect(r.stderr.contains("'dodgerblue'"))
  }

  @Test func aPopoverOnTheIPhonesIsSaidOnceWithTheUsualFix() throws {
    let dir = try folder(["hint.lua": "segue \"hint\" { kind = \"popover\", happiness = 30 }\n"])
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "hint.lua"], in: dir)
    #expect(r.status == 1)
    #expect(count(r.stderr, "popover segues do not exist") == 1, "\(r.stderr)")
    #expect(r.stderr.contains("hint.lua:1:"))
    #expect(r.stderr.contains("iphone or iphone5"))
    #expect(r.stderr.contains(#"kind = { iphone = "modal", ipad = "popover" }"#))
    // The fix it gives passes.
    try writeFile(
      dir + "/hint.lua",
      "segue \"hint\" { kind = { iphone = \"modal\", ipad = \"popover\" }, happiness = 30 }\n")
    let fixed = try psychologist(["check", "hint.lua"], in: dir)
    #expect(fixed.status == 0, "\(fixed.stderr)")
  }

  @Test(arguments: [
    ["face", "-o", "sad.jpg"],
    ["face", "-o", "sad.SVG.gif"],
    ["show", "b.lua", "b", "-o", "b.jpeg"],
  ])
  func anOutputOfAnUnknownKindIsAUsageError(command: [String]) throws {
    let dir = try folder(["b.lua": "diagnosis \"b\" { happiness = 10 }\n"])
    defer { removeFolder(dir) }
    let r = try psychologist(command, in: dir)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains(".svg, .png, .txt"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["b.lua"])
  }

  @Test func aSnapshotOfAnUnknownKindIsRefusedAtItsLine() throws {
    let dir = try folder([
      "snap.lua":
        "diagnosis \"b\" { happiness = 10 }\nlocal s = session {}\ns:tap(\"b\")\ns:snapshot(\"ok.jpg\")\n"
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(["run", "snap.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("snap.lua:4:"))
    #expect(r.stderr.contains(".svg, .png, .txt"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["snap.lua"])
  }

  @Test(arguments: [
    ["face", "-o", "/dev/null"],
    ["face", "--format", "ascii", "-o", "/dev/null"],
    ["show", "b.lua", "b", "-o", "/dev/null"],
    ["face", "-o", "null.svg"],
  ])
  func writingIntoACharacterDeviceWorks(command: [String]) throws {
    let dir = try folder(["b.lua": "diagnosis \"b\" { happiness = 10 }\n"])
    defer { removeFolder(dir) }
    // A symlink to /dev/null is written into too: /dev/stdout is such a symlink.
    #expect(symlink("/dev/null", dir + "/null.svg") == 0)
    let r = try psychologist(command, in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    var st = stat()
    #expect(stat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    #expect(lstat(dir + "/null.svg", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
  }

  @Test func devStdoutIsStandardOutputInAPipeToo() throws {
    let r = try psychologist(["face", "-o", "/dev/stdout"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try xmlProblem(r.out) == nil)
  }

  /// A script whose feature reads `face.input`, whose function reads `shots`, and whose
  /// session taps, snapshots and prints.
  private let barista = """
    feature "drops" { draw = function(face, pen)
      for i = 1, (face.input.drops or 0) do pen:circle(-0.5 + i * 0.2, 0.8, 0.05) end
    end }
    diagnosis "latte" { happiness = 40, features = { "drops" } }
    diagnosis "mocha" { happiness = function(i) return 30 + (i.shots or 0) * 10 end,
      examples = { { shots = 1 }, { shot = 2 }, { shot = 3 } } }
    local s = session {}
    s:tap("mocha", { shot = 3 })
    s:snapshot("mood.svg")
    print("tapped", s.happiness)
    """

  @Test func anInputAFeatureReadsIsAccepted() throws {
    let dir = try folder(["b.lua": barista])
    defer { removeFolder(dir) }
    let some = try psychologist(
      ["show", "b.lua", "latte", "--input", "drops=5", "-o", "five.svg"], in: dir)
    #expect(some.status == 0, "\(some.stderr)")
    #expect(!some.stderr.contains("never read"), "\(some.stderr)")
    let none = try psychologist(["show", "b.lua", "latte", "-o", "none.svg"], in: dir)
    #expect(none.status == 0, "\(none.stderr)")
    // Five drops drawn: the drawing differs from the face without input.
    let five = try rasterize(try Data(contentsOf: URL(fileURLWithPath: dir + "/five.svg")))
    let zero = try rasterize(try Data(contentsOf: URL(fileURLWithPath: dir + "/none.svg")))
    #expect((five.differences(from: zero) ?? 0) > 0)
  }

  @Test func anInputKeyNothingReadIsAWarningWithTheKeyRead() throws {
    let dir = try folder(["b.lua": barista])
    defer { removeFolder(dir) }
    let show = try psychologist(
      ["show", "b.lua", "mocha", "--input", "shot=3", "-o", "m.svg"], in: dir)
    #expect(show.status == 0)
    #expect(
      count(show.stderr, "warning: b.lua:5: input 'shot' was never read (did you mean 'shots'?)")
        == 1, "\(show.stderr)")
    let good = try psychologist(
      ["show", "b.lua", "mocha", "--input", "shots=3", "-o", "m.svg"], in: dir)
    #expect(!good.stderr.contains("never read"), "\(good.stderr)")
    // run: the session's tap; check: the examples (two give 'shot', said once).
    for command in [["run", "b.lua"], ["check", "b.lua"]] {
      let r = try psychologist(command, in: dir)
      #expect(r.status == 0, "\(command): \(r.stderr)")
      #expect(
        count(r.stderr, "input 'shot' was never read (did you mean 'shots'?)") == 1,
        "\(command): \(r.stderr)")
    }
  }

  @Test func onlyRunDoesWhatASessionDoes() throws {
    let dir = try folder(["b.lua": barista])
    defer { removeFolder(dir) }
    for command in [
      ["show", "b.lua", "latte", "-o", "c.svg"], ["list", "b.lua"], ["check", "b.lua"],
    ] {
      let r = try psychologist(command, in: dir)
      #expect(r.status == 0, "\(command): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir + "/mood.svg"), "\(command)")
      #expect(!r.out.contains("tapped"), "\(command)")
      #expect(
        count(r.stderr, "skipped 1 snapshot (mood.svg) and 1 printed line") == 1,
        "\(command): \(r.stderr)")
    }
    let run = try psychologist(["run", "b.lua"], in: dir)
    #expect(run.status == 0)
    #expect(run.out.contains("tapped\t30"))
    #expect(FileManager.default.fileExists(atPath: dir + "/mood.svg"))
    #expect(!run.stderr.contains("skipped"))
  }

  @Test func batchSaysAColumnNothingReadOnceNotPerRow() throws {
    let rows = (1...40).map { #"{"id":"r\#($0)","sleep":\#($0 % 9),"extra":1}"# }
    let dir = try folder([
      "m.lua": "diagnosis \"mood\" { happiness = function(r) return 40 + (r.sleeps or 0) end }\n",
      "rows.jsonl": rows.joined(separator: "\n") + "\n",
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(
      [
        "batch", "m.lua", "--diagnosis", "mood", "--input", "rows.jsonl", "--output-dir", "out",
        "--jobs", "2",
      ],
      in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      count(r.stderr, "column 'sleep' was never read (did you mean 'sleeps'?)") == 1, "\(r.stderr)")
    #expect(count(r.stderr, "1 column nothing read: extra") == 1, "\(r.stderr)")
    // The id names the files: batch reads it itself.
    #expect(!r.stderr.contains("'id'"))
  }
}
