// How a mapped column becomes its channel's value: `scale = "column" | "common" |
// "centred" | "none"`, text columns by their levels (found or declared), functions beside
// columns, face_color's palettes; each expected value worked out here from the data, not
// read from the code under test. And the ways of writing them wrongly, at their lines.

@testable import App
@testable import Declarations
import Face
@testable import Files
import Foundation
@testable import LuaBindings
import LuaHost
@testable import PrototypeExport
@testable import Psychologist
import Render
@testable import StoryboardCanvas
import Testing

@Suite struct ChannelScaleTests {
  func script(_ source: String) throws -> (Script, String) {
    try scriptInFolder(source, tag: "scale")
  }

  /// The channels each of `rows` gets, scaled over `rows` as batch scales over a file.
  func channels(_ s: Script, _ rows: [LuaValue]) throws -> [Channels] {
    let d = try #require(s.registry.diagnosis("d"))
    let m = try #require(d.channels)
    let session = try Session(script: s, device: .iphone, orientation: .portrait)
    let e = session.evaluator
    e.columnRanges = ChannelMapping.scan(rows, m.usesFunctions ? ["a", "b", "c"] : m.columns)
    e.columnMeans = ChannelMapping.means(rows, m.meanColumns + m.centredColumns)
    var levels = ColumnLevels()
    for row in rows { levels.add(row, m.levelColumns, m) }
    e.columnLevels = levels.levels
    return try rows.map { try e.diagnose(d, input: $0).channels }
  }

  static let a: [Double] = [1, 2, 3, 10]
  static let b: [Double] = [0, 5, 20, 40]
  static let c: [Double] = [0.3, 1.5, -2, 0.75]
  var rows: [LuaValue] {
    (0..<4).map { i in
      .map([
        "a": .number(Self.a[i]), "b": .number(Self.b[i]), "c": .number(Self.c[i]),
      ])
    }
  }

  @Test func eachScaleGivesTheValuesWorkedOutByHand() throws {
    let (s, dir) = try script(
      """
      diagnosis "d" {
        channels = {
          head_width = "a",
          eye_size = { column = "a", scale = "common" },
          mouth_width = { column = "b", scale = "common" },
          nose_length = { column = "a", scale = "centred" },
          smile = { column = "a", scale = "centered" },
          hair = { column = "c", scale = "none" },
          ear_size = { column = "c", scale = "none", reverse = true },
        },
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    let got = try channels(s, rows)
    let mean = Self.a.reduce(0, +) / 4  // 4
    let half = max(Self.a.max()! - mean, mean - Self.a.min()!)  // 6
    for i in 0..<4 {
      let x = Self.a[i]
      let ch = got[i]
      func near(_ v: Double?, _ want: Double) -> Bool { v.map { abs($0 - want) < 1e-9 } ?? false }
      #expect(near(ch[.headWidth], (x - 1) / 9), "column, row \(i)")
      // common: one range over a (1…10) and b (0…40): 0…40.
      #expect(near(ch[.eyeSize], x / 40), "common a, row \(i)")
      #expect(near(ch[.mouthWidth], Self.b[i] / 40), "common b, row \(i)")
      let t = min(max(0.5 + (x - mean) / (2 * half), 0), 1)
      #expect(near(ch[.noseLength], t), "centred, row \(i)")
      #expect(near(ch[.smile], -1 + 2 * t), "centred smile, row \(i)")
      let given = min(max(Self.c[i], 0), 1)
      #expect(near(ch[.hair], given), "none, row \(i)")
      #expect(near(ch[.earSize], 1 - given), "none reversed, row \(i)")
    }
    // The mean row is the neutral face.
    #expect(abs(0.5 + (mean - mean) / (2 * half) - 0.5) < 1e-12)
  }

  @Test func aDiagnosisWideScaleAppliesToEveryChannel() throws {
    let (s, dir) = try script(
      """
      diagnosis "d" {
        scale = "common",
        channels = { head_width = "a", eye_size = "b", hair = { column = "a", scale = "column" } },
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    let got = try channels(s, rows)
    for i in 0..<4 {
      #expect(abs(got[i][.headWidth]! - Self.a[i] / 40) < 1e-9)
      #expect(abs(got[i][.eyeSize]! - Self.b[i] / 40) < 1e-9)
      #expect(abs(got[i][.hair]! - (Self.a[i] - 1) / 9) < 1e-9)
    }
  }

  @Test func textLevelsAreEvenlySpacedInOrderOfAppearanceOrAsDeclared() throws {
    let (s, dir) = try script(
      """
      diagnosis "d" {
        channels = {
          face_color = { column = "species", palette = "set2" },
          eye_size = { column = "species", levels = { "virginica", "versicolor", "setosa" } },
        },
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    let names = ["setosa", "setosa", "versicolor", "NA", "virginica"]
    let rows = names.map { LuaValue.map(["species": .text($0)]) }
    let got = try channels(s, rows)
    let seen = [0.0, 0.0, 0.5, nil, 1.0]
    for (i, want) in seen.enumerated() {
      if let want {
        #expect(got[i][.faceColor] == want, "row \(i)")
        #expect(got[i][.eyeSize] == 1 - want, "declared order, row \(i)")
      } else {
        #expect(got[i].missing.contains(.faceColor), "NA is missing")
      }
    }
    // Set2's first three colours (ColorBrewer), one a level.
    let palette = try #require(got[0].palette)
    #expect(palette.color(at: 0) == Color(parsing: "#66c2a5"))
    #expect(palette.color(at: 0.5) == Color(parsing: "#fc8d62"))
    #expect(palette.color(at: 1) == Color(parsing: "#8da0cb"))
    // A level the declaration lacks fails the row at the line of `levels`.
    let d = try #require(s.registry.diagnosis("d"))
    let session = try Session(script: s, device: .iphone, orientation: .portrait)
    let e = session.evaluator
    e.columnLevels = ["species": ["setosa", "versicolor", "virginica"]]
    do {
      _ = try e.diagnose(d, input: .map(["species": .text("virginca")]))
      Issue.record("a level outside the declared ones drew")
    } catch let error as LuaError {
      #expect(error.location?.description.hasSuffix("s.lua:4") == true, "\(error)")
      #expect(error.message.contains("did you mean 'virginica'?"), "\(error)")
    }
  }

  @Test func aFunctionChannelSitsBesideColumns() throws {
    let (s, dir) = try script(
      """
      diagnosis "d" {
        channels = {
          head_width = "a",
          hair = function(row)
            return row.a / 10
          end,
          eye_size = function(row) return 7 end,
        },
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    #expect(s.problems(on: .iphone).isEmpty)
    let d = try #require(s.registry.diagnosis("d"))
    #expect(d.channels?.summary == "head_width=a,eye_size=function,hair=function")
    let session = try Session(script: s, device: .iphone, orientation: .portrait)
    let e = session.evaluator
    e.columnRanges = ["a": ColumnRange(low: 0, high: 10)]
    do {
      _ = try e.diagnose(d, input: .map(["a": .number(4)]))
      Issue.record("eye_size 7 drew")
    } catch let error as LuaError {
      // The line of eye_size's field, not the diagnosis's first.
      #expect(error.location?.description.hasSuffix("s.lua:7") == true, "\(error)")
      #expect(error.message.contains("eye_size"), "\(error)")
    }
  }

  @Test func aFunctionGetsTheRowScaledByItsRanges() throws {
    let (s, dir) = try script(
      """
      diagnosis "d" {
        channels = function(row, scaled)
          return { head_width = scaled.a, hair = scaled.b }
        end,
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    let got = try channels(s, rows)
    for i in 0..<4 {
      #expect(abs(got[i][.headWidth]! - (Self.a[i] - 1) / 9) < 1e-9)
      #expect(abs(got[i][.hair]! - Self.b[i] / 40) < 1e-9)
    }
  }

  /// Every palette reads whole, at ColorBrewer's class counts (sequential 9, diverging 11,
  /// qualitative 8 to 12), viridis from its dark purple to its yellow; a ramp blends, a
  /// qualitative set steps.
  @Test func everyPaletteReadsWhole() throws {
    #expect(NamedPalette.names.count == 21)
    for name in NamedPalette.names {
      let p = try #require(NamedPalette.named(name.uppercased()), "\(name)")
      #expect([8, 9, 11, 12].contains(p.colors.count), "\(name): \(p.colors.count)")
    }
    let viridis = try #require(NamedPalette.named("viridis"))
    #expect(viridis.colors.first == Color(parsing: "#440154"))
    #expect(viridis.colors.last == Color(parsing: "#fde725"))
    // Halfway between the first two of nine stops (t = 1/16): each component halfway.
    let (a, b) = (viridis.colors[0], viridis.colors[1])
    let mid = viridis.fill(levels: nil).color(at: 1.0 / 16)
    #expect(abs(Int(mid.g) - (Int(a.g) + Int(b.g)) / 2) <= 1)
    // Set1 over a number: t in the k-th ninth draws colour k.
    let set1 = try #require(NamedPalette.named("Set1"))
    #expect(set1.fill(levels: nil).color(at: 0.5) == set1.colors[4])
    #expect(NamedPalette.named("viridus") == nil)
  }

  @Test func wrongFieldsAreSaidAtTheirLines() throws {
    let (s, dir) = try script(
      """
      diagnosis "d" {
        scale = "colum",
        channels = {
          head_width = "a",
          face_color = { column = "b", palette = "virdis" },
          hair = { column = "c", palette = "Blues", levels = { "x", "x" } },
        },
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try s.load()
    let problems = s.problems(on: .iphone).map { "\($0.location): \($0.message)" }
    func said(_ line: Int, _ words: String) -> Bool {
      problems.contains { $0.contains("s.lua:\(line):") && $0.contains(words) }
    }
    #expect(said(2, "did you mean 'column'?"), "\(problems)")
    #expect(said(5, "did you mean 'viridis'?"), "\(problems)")
    #expect(said(6, "lists 'x' twice"), "\(problems)")
    #expect(said(6, "colour face_color only"), "\(problems)")
  }
}
