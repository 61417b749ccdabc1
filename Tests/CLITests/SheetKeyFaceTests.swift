import Foundation
import TestSupport
import Testing

/// A data sheet's legend with key faces (two a mapped channel), face_color's swatches (a
/// level each), the palette's colours on the faces, and a function channel beside columns.
@Suite struct SheetKeyFaceTests {
  func select(_ path: String, _ xpath: String) throws -> String {
    let r = try run(["xmllint", "--xpath", xpath, path])
    return String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func keyFacesSwatchesAndPaletteColours() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/flowers.lua",
      """
      diagnosis "flower" {
        channels = {
          head_width = "width",
          smile = { column = "width", scale = "centred" },
          face_color = { column = "species", palette = "Dark2" },
          hair = function(row) return row.width / 10 end,
        },
      }
      """)
    try writeFile(
      dir + "/flowers.csv",
      "width,species\n1,setosa\n2,setosa\n5,versicolor\n9,virginica\n")
    let r = try psychologist(
      [
        "batch", "flowers.lua", "--diagnosis", "flower", "--input", "flowers.csv",
        "--output-dir", "o", "--sheet", "sheet.svg",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let path = dir + "/sheet.svg"
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    // Four channels (three columns, one function): two key faces each.
    let keys = try select(path, "count(//*[local-name()='g'][@class='key']/*[local-name()='svg'])")
    #expect(keys == "8", "\(keys)")
    // A swatch a level, named beside it, in order of appearance.
    let swatches = try select(path, "count(//*[local-name()='rect'][@class='swatch'])")
    #expect(swatches == "3")
    for level in ["setosa", "versicolor", "virginica"] { #expect(svg.contains(">\(level)</text>")) }
    // Dark2's first three colours (ColorBrewer), a level each, fill the faces.
    for hex in ["#1b9e77", "#d95f02", "#7570b3"] {
      #expect(svg.contains("fill=\"\(hex)\""), "\(hex)")
    }
    #expect(svg.contains("hair 0…1 ← a function of the row"))
    // The centred smile's legend: the mean of 1, 2, 5, 9 is 4.25, the largest deviation 4.75.
    #expect(svg.contains("centred on 4.25 ± 4.75"), "\(svg)")
    // Pixels: the first face's head is Dark2's green where the head is, at its centre's
    // left (the nose and eyes are elsewhere).
    let image = try rasterize(Data(svg.utf8))
    var green = 0
    for y in 0..<min(image.height, 200) {
      for x in 0..<min(image.width, 160) {
        if let (r, g, b) = image.at(x, y), r == 0x1b, g == 0x9e, b == 0x77 { green += 1 }
      }
    }
    #expect(green > 500, "\(green) pixels of #1b9e77 in the first cell")
  }

  @Test func aStreamOfTextWithoutLevelsIsToldHowToGiveThem() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/f.lua",
      """
      diagnosis "f" {
        channels = {
          face_color = { column = "species",
            levels = { "setosa", "versicolor" } },
        },
      }
      """)
    let r = try runProgram(
      binary,
      [
        "batch", "f.lua", "--diagnosis", "f", "--input", "-", "--input-format", "csv",
        "--output-dir", "o",
      ],
      in: dir, input: Data("species\nsetosa\nvirginica\n".utf8))
    #expect(r.status == 1)
    let err = r.stderr
    // The declared levels are the stream's: a level not among them fails its row, at the
    // line of `levels`.
    #expect(err.contains("f.lua:4:"), "\(err)")
    #expect(err.contains("not one of its levels"), "\(err)")
    #expect(err.contains("1 of 2 rows failed"), "\(err)")
  }

  @Test func aFunctionsRefusalNamesItsLineAndLuaFeaturesAreListed() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/f.lua",
      """
      diagnosis "f" {
        title = "f",
        channels = function(row, scaled)
          return { smile = scaled.x > 0.5 and 5 or 2 * scaled.x - 1 }
        end,
      }
      feature "glasses" {
        draw = function(face, pen) end,
      }
      """)
    try writeFile(dir + "/f.csv", "x\n0\n1\n0.25\n")
    let r = try psychologist(
      [
        "batch", "f.lua", "--diagnosis", "f", "--input", "f.csv", "--output-dir", "o",
        "--sheet", "s.svg",
      ], in: dir)
    // x = 1 is scaled to 1 (its range 0…1 found by the pass over the file): smile 5 fails,
    // at the line of `channels =`, not the declaration's first.
    #expect(r.status == 1)
    #expect(r.stderr.contains("f.lua:3: row 2"), "\(r.stderr)")
    #expect(!r.stderr.contains("row 1 ") && !r.stderr.contains("row 3 "), "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
    #expect(svg.contains("drawn by Lua too: glasses (f.lua:7)"))
  }

  @Test func checkSaysAMisspeltPaletteAtItsLine() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/p.lua",
      """
      diagnosis "p" {
        channels = {
          smile = "x",
          face_color = { column = "kind",
            palette = "Viridus" },
        },
      }
      """)
    let r = try psychologist(["check", "p.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("p.lua:5:"), "\(r.stderr)")
    #expect(r.stderr.contains("did you mean 'viridis'?"), "\(r.stderr)")
  }

  /// JSON Lines take the same path: levels found by the first pass in order of appearance,
  /// the same on every worker, whatever `--jobs`.
  @Test func jsonLinesLevelsAreTheSameOnEveryWorker() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/k.lua",
      """
      diagnosis "k" {
        channels = { face_color = { column = "kind", colors = { "#ff0000", "#00ff00", "#0000ff" } } },
      }
      """)
    // Order of appearance: b, a, c (not alphabetical); 12 rows over 3 workers.
    let kinds = ["b", "a", "b", "c", "a", "c", "b", "b", "a", "c", "c", "a"]
    try writeFile(
      dir + "/k.jsonl",
      kinds.enumerated().map { "{\"id\": \"r\($0.offset)\", \"kind\": \"\($0.element)\"}" }
        .joined(separator: "\n") + "\n")
    let r = try psychologist(
      [
        "batch", "k.lua", "--diagnosis", "k", "--input", "k.jsonl", "--output-dir", "o", "--jobs",
        "3",
      ],
      in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let colour = ["b": "red", "a": "#00ff00", "c": "blue"]
    for (i, kind) in kinds.enumerated() {
      let svg = try String(contentsOfFile: dir + "/o/r\(i).svg", encoding: .utf8)
      #expect(svg.contains("fill=\"\(colour[kind]!)\""), "row \(i) (\(kind))")
    }
  }
}
