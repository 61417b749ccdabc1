import Foundation
import TestSupport
import Testing

/// The contact sheet of a channel mapping: its legend, `--columns` and `--title`.
@Suite struct SheetLegendTests {
  /// 18 asymmetric channels (the bench's faces18.lua) and a centred one over the extremes of
  /// a double: every column spans −1.7976931348623157e308 … 1.7976931348623157e308, with −0
  /// and 5e−324 between. The terminal sheet draws all eight faces (a brow with no outline
  /// over its eye was placed at infinity), and both legends say the finite range.
  @Test func extremeFiniteDataDrawsEveryFaceWithAFiniteLegend() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let faces18 = try String(
      contentsOfFile: packageRoot + "/Benchmarks/faces18.lua", encoding: .utf8)
    try writeFile(
      dir + "/f.lua",
      faces18.replacingOccurrences(
        of: "channels = { left = left, right = right }",
        with:
          "channels = { left = left, right = right, ear_size = { column = \"x01\", scale = \"centred\" } }"
      ))
    let values = ["1.7976931348623157e308", "-1.7976931348623157e308", "-0", "5e-324", "0", "1"]
    let header = "id," + (1...15).map { String(format: "x%02d", $0) }.joined(separator: ",")
    let rows = (0..<8).map { r in
      "r\(r)," + (0..<15).map { values[(r + $0) % values.count] }.joined(separator: ",")
    }
    try writeFile(dir + "/x.csv", ([header] + rows).joined(separator: "\n") + "\n")
    let terminal = try psychologist(
      ["batch", "f.lua", "--diagnosis", "row", "--input", "x.csv", "--format", "terminal"],
      in: dir, environment: ["COLUMNS": "160", "LINES": "80"])
    #expect(terminal.status == 0, "\(terminal.stderr)")
    #expect(terminal.stderr.contains("8 faces shown (0 failed)"), "\(terminal.stderr)")
    #expect(!terminal.out.contains("-inf") && !terminal.out.contains("inf)"))
    #expect(
      terminal.out.contains(
        "head_width.left 0…1 ← x01 (-1.7976931348623157e+308 … 1.7976931348623157e+308)"),
      "\(terminal.out.prefix(400))")
    let sheet = try psychologist(
      ["batch", "f.lua", "--diagnosis", "row", "--input", "x.csv", "--sheet", "s.svg"], in: dir)
    #expect(sheet.status == 0, "\(sheet.stderr)")
    let svg = try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    #expect(!svg.contains("-inf") && !svg.contains("inf)") && !svg.contains("NaN"))
    #expect(svg.contains("(-1.7976931348623157e+308 … 1.7976931348623157e+308)"))
  }

  @Test func legendColumnsAndTitle() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/cars.lua",
      """
      diagnosis "cars" {
        channels = { smile = "mpg", head_width = { column = "wt", reverse = true } },
        ranges = { wt = {1, 6} },
      }
      """)
    try writeFile(dir + "/cars.csv", "mpg,wt\n10,2\n20,3\n30,4\n")
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "o",
        "--sheet", "sheet.svg", "--columns", "2", "--title", "Cars & faces", "--label",
        "{mpg} mpg · row {row}{{x}}",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/sheet.svg", encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    // By hand: mpg scanned 10…30; wt declared 1…6; the channels in the README's order.
    let head = svg.range(of: "head_width 0…1 ← wt, reversed (1 … 6)")
    let smile = svg.range(of: "smile −1…1 ← mpg (10 … 30)")
    #expect(head != nil && smile != nil)
    if let head, let smile { #expect(head.lowerBound < smile.lowerBound) }
    #expect(svg.contains(">Cars &amp; faces</text>"))
    #expect(svg.contains(">30 mpg · row 3{x}</text>"))
    // Two faces a row, 160 wide each: the second cell starts at 160, the third on a row
    // of its own.
    #expect(svg.contains("<g transform=\"translate(160 36)\">"))
    #expect(svg.contains("<g transform=\"translate(0 236)\">"))
    #expect(!svg.contains("<g transform=\"translate(320 36)\">"))
    // The legend's lines are longer than two cells are wide: the sheet widens rather than
    // cut them off. Drawn, no dark pixel touches its right edge, and some lie past the grid.
    let pixels = try rasterize(svg)
    #expect(pixels.width > 320)
    func dark(_ x: Int, _ y: Int) -> Bool {
      guard let p = pixels.at(x, y) else { return false }
      return p.r + p.g + p.b < 3 * 160
    }
    let legendRows = 436..<pixels.height
    #expect(
      !legendRows.contains { y in (pixels.width - 3..<pixels.width).contains { dark($0, y) } })
    #expect(legendRows.contains { y in (330..<pixels.width).contains { dark($0, y) } })
    // Without channels, no legend.
    try writeFile(dir + "/plain.lua", "diagnosis \"cars\" { happiness = 50 }\n")
    _ = try psychologist(
      [
        "batch", "plain.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "p",
        "--sheet", "plain.svg",
      ], in: dir)
    let plain = try String(contentsOfFile: dir + "/plain.svg", encoding: .utf8)
    #expect(!plain.contains("channels ← columns"))
  }

  @Test func aLongLevelOrColumnNameIsCutInTheLegendAndTheSheetStaysNarrow() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let column = "c" + String(repeating: "o", count: 1_000) + "lumn"
    let level = String(repeating: "w", count: 10_000) + "end"
    try writeFile(dir + "/d.lua", "diagnosis \"d\" { channels = { face_color = \"\(column)\" } }\n")
    try writeFile(dir + "/d.csv", "\(column)\nshort\n\(level)\n")
    let r = try psychologist(
      [
        "batch", "d.lua", "--diagnosis", "d", "--input", "d.csv", "--output-dir", "o", "--sheet",
        "sheet.svg",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/sheet.svg", encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    // Both names cut to their two ends (28 characters, `…`, 11), as lists show names; the
    // sheet as wide as that line (about 990 pixels of DejaVu Sans, whose w is 0.82 em),
    // never thousands.
    func ends(_ name: String) -> String { name.prefix(28) + "…" + name.suffix(11) }
    #expect(svg.contains("(levels short, \(ends(level)))"))
    #expect(svg.contains("← \(ends(column)) "))
    let width = svg.components(separatedBy: "width=\"").dropFirst().first.flatMap {
      Int($0.prefix { $0.isNumber })
    }
    #expect(width.map { $0 < 1_100 } == true, "\(String(describing: width))")
  }
}
