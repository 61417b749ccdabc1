import Foundation
import TestSupport
import Testing

/// A batch row is evaluated and painted without driving the app: its face must be the one
/// `show` draws after tapping the same button with the same input (a session's tap and
/// drawing, another path), for every kind on every device, and sized as the storyboard's
/// content rect of that kind.
@Suite struct BatchLandingTests {
  static let script = """
    diagnosis "pushed" { happiness = function(input) return input.h end }
    diagnosis "covered" {
      happiness = function(input) return 100 - input.h end, segue = "cover", title = "Covered",
    }
    diagnosis "hung" { happiness = function(input) return input.h end, segue = "hang" }
    diagnosis "swapped" { happiness = function(input) return input.h end, segue = "swap" }
    diagnosis "faded" {
      happiness = function(input) return input.h end, segue = "fade", features = { "ring" },
    }
    diagnosis "left" { happiness = function(input) return input.h end, segue = "leave" }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    segue "cover" { kind = "modal", happiness = function(ctx) return ctx.diagnosis end }
    segue "hang" {
      kind = { iphone = "modal", ipad = "popover" }, size = { width = 300, height = 250 },
    }
    segue "swap" { kind = { iphone = "push", ipad = "replace" } }
    segue "fade" { kind = "fade", happiness = function(ctx) return ctx.diagnosis end }
    segue "leave" { kind = "leave" }
    segue_kind "fade" {
      perform = function(nav, scene)
        if nav.device == "ipad" then nav:replace(scene) else nav:present(scene) end
      end,
    }
    segue_kind "leave" { perform = function(nav, scene) nav:push(scene); nav:pop() end }
    feature "ring" { everywhere = false, draw = function(face, pen) pen:circle(0, 0, 1.1) end }
    feature "dot" {
      draw = function(face, pen) pen:circle(0, 0.2 + face.happiness / 500, 0.05) end,
    }
    """
  static let diagnoses = ["pushed", "covered", "hung", "swapped", "faded", "left"]
  static let inputs = [#"{"id": "a", "h": 10}"#, #"{"id": "b", "h": 75.5}"#]

  /// A folder holding the script and the rows.
  func folder() throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/kinds.lua", Self.script)
    try writeFile(dir + "/in.jsonl", Self.inputs.joined(separator: "\n") + "\n")
    return dir
  }

  func read(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

  /// A number attribute of an SVG file's root element, read by xmllint.
  func rootAttribute(_ name: String, of path: String) throws -> Double? {
    let r = try run(["xmllint", "--xpath", "string(/*[local-name()='svg']/@\(name))", path])
    return Double(r.out.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test(arguments: ["iphone", "ipad"], ["portrait", "landscape"])
  func everyRowIsTheFaceShowDrawsAfterTheSameTap(device: String, orientation: String) throws {
    let dir = try folder()
    defer { removeFolder(dir) }
    let place = ["--device", device, "--orientation", orientation]
    for name in Self.diagnoses {
      let out = dir + "/" + name
      let r = try psychologist(
        [
          "batch", dir + "/kinds.lua", "--diagnosis", name, "--input", dir + "/in.jsonl",
          "--output-dir", out, "--jobs", "1",
        ] + place)
      #expect(r.status == 0, "\(name) on \(device) \(orientation): \(r.stderr)")
      for (id, input) in zip(["a", "b"], Self.inputs) {
        let shown = try psychologist(
          ["show", dir + "/kinds.lua", name, "--input", input, "--format", "svg"] + place)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(
          read(out + "/\(id).svg") == shown.stdout,
          "\(name) row \(id) on \(device) \(orientation) differs from show")
      }
    }
  }

  @Test func eachKindDrawsInTheStoryboardsContentRect() throws {
    let dir = try folder()
    defer { removeFolder(dir) }
    // iPad landscape (1024×768): status bar 20, navigation bar 44; the master is 320 wide,
    // the detail right of it and a 1-point divider; a form sheet is 540×620; a popover is
    // the segue's size.
    let sizes: [(String, Double, Double)] = [
      ("pushed", 320, 704), ("covered", 540, 620), ("hung", 300, 250), ("swapped", 703, 704),
      ("faded", 703, 704),
    ]
    for (name, width, height) in sizes {
      let out = dir + "/" + name
      let r = try psychologist([
        "batch", dir + "/kinds.lua", "--diagnosis", name, "--input", dir + "/in.jsonl",
        "--output-dir", out, "--device", "ipad", "--orientation", "landscape",
      ])
      #expect(r.status == 0, "\(r.stderr)")
      for id in ["a", "b"] {
        #expect(try rootAttribute("width", of: out + "/\(id).svg") == width, "\(name)")
        #expect(try rootAttribute("height", of: out + "/\(id).svg") == height, "\(name)")
      }
    }
  }

  @Test func aRowsPenStrokesAreGivenBackWhenItsFaceIsDrawn() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    // 400 arcs are over 3 MiB: a few rows would pass the 16 MiB limit if no row gave its
    // strokes back.
    try writeFile(
      dir + "/arcs.lua",
      """
      diagnosis "row" { happiness = function(input) return input.h end }
      feature "arcs" {
        draw = function(face, pen) for j = 1, 400 do pen:arc(0, 0, 0.5, 0, 6.28) end end,
      }
      """)
    try writeFile(
      dir + "/in.jsonl", (1...30).map { #"{"h": \#($0)}"# }.joined(separator: "\n") + "\n")
    let r = try psychologist([
      "batch", dir + "/arcs.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
      "--output-dir", dir + "/out", "--memory-limit", "16", "--jobs", "1",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.hasPrefix("psychologist: 30 faces in "), "\(r.stderr)")
  }
}
