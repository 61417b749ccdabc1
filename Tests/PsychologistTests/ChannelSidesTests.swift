// A diagnosis's channels given per half of the face (Flury and Riedwyl's asymmetric faces):
// `left = { … }`, `right = { … }` and `smile = { left = "a", right = "b" }`, read into the
// mapping and drawn by a tap, and the ways of writing them wrongly refused with a reason.

@testable import App
@testable import Declarations
import Face
@testable import Files
import Foundation
@testable import LuaBindings
import LuaHost
@testable import PrototypeExport
@testable import Psychologist
@testable import StoryboardCanvas
import Readable
import Testing

@Suite struct ChannelSidesTests {
  func script(_ source: String) throws -> (Script, String) {
    try scriptInFolder(source, tag: "sides")
  }

  static let sides = """
    diagnosis "d" {
      channels = {
        head_width = "a",
        left = { eye_size = "a" },
        right = { eye_size = { column = "b", reverse = true } },
        smile = { left = "a", right = "c" },
      },
      ranges = { a = {0, 10}, b = {0, 10}, c = {0, 10} },
    }
    """

  @Test func eachHalfReadsItsOwnColumn() throws {
    let (s, dir) = try script(ChannelSidesTests.sides)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    let mapping = try #require(s.registry.diagnosis("d")?.channels)
    #expect(
      mapping.summary == "head_width=a,eye_size.left=a,eye_size.right=-b,smile.left=a,smile.right=c"
    )
    let session = try Session(script: s, device: .iphone, orientation: .portrait)
    try session.tap("d", input: .map(["a": .number(0), "b": .number(0), "c": .number(10)]))
    let g = try #require(try session.geometry())
    // By hand: eye_size 0 on the left (radius 0.04 s), b = 0 reversed is 1 on the right
    // (0.16 s); the smile −1 on the left bends its control point up, 1 on the right down.
    #expect(abs(g.eyes[0].radius - 0.04 * g.size) < 1e-9)
    #expect(abs(g.eyes[1].radius - 0.16 * g.size) < 1e-9)
    #expect(g.mouthControl1.y < g.mouthStart.y && g.mouthControl2.y > g.mouthEnd.y)
  }

  @Test func aFunctionMayGiveHalvesToo() throws {
    let (s, dir) = try script(
      """
      diagnosis "d" {
        channels = function(row)
          return { left = { eye_size = 0 }, eye_size = nil, smile = { left = -1, right = 1 } }
        end,
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    let session = try Session(script: s, device: .iphone, orientation: .portrait)
    try session.tap("d")
    let g = try #require(try session.geometry())
    #expect(abs(g.eyes[0].radius - 0.04 * g.size) < 1e-9)
    #expect(abs(g.eyes[1].radius - 0.10 * g.size) < 1e-9, "the right half keeps the seed's")
    #expect(g.mouthControl1.y < g.mouthStart.y && g.mouthControl2.y > g.mouthEnd.y)
    // Out of range on one half: refused with the half's name.
    let returned = LuaValue.map([.text("left"): .map([.text("smile"): .number(3)])])
    #expect(throws: (any Error).self) {
      _ = try ChannelMapping.channels(
        returned: returned, what: "channels", at: Readable.SourceLocation(file: "f.lua", line: 1))
    }
    do {
      _ = try ChannelMapping.channels(
        returned: returned, what: "channels", at: Readable.SourceLocation(file: "f.lua", line: 1))
    } catch {
      #expect("\(error)".contains("smile.left must be a finite number in -1…1, got 3"), "\(error)")
    }
  }

  @Test(arguments: [
    (
      "channels = { smile = \"a\", left = { smile = \"b\" } }",
      "smile is given twice for the left half (smile and smile.left)"
    ),
    ("channels = { left = 3 }", "channels.left must be a table"),
    ("channels = { smile = { left = \"a\", middle = \"b\" } }", "unknown field 'middle'"),
    ("channels = { right = { smil = \"a\" } }", "channels.right names an unknown channel 'smil'"),
    ("channels = { smile = { left = true } }", "smile.left"),
  ])
  func wrongHalvesAreRefused(_ channels: String, _ said: String) throws {
    let (s, dir) = try script("diagnosis \"d\" { \(channels) }\n")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var message = ""
    do {
      try s.load()
      message = s.problems(on: .iphone).map { "\($0)" }.joined(separator: "\n")
    } catch {
      message = "\(error)"
    }
    #expect(message.contains(said), "\(message)")
    #expect(message.contains("s.lua:1"), "\(message)")
  }
}
