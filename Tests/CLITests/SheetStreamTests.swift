import Foundation
@testable import Rows
import TestSupport
import Testing

/// The contact sheet written as rows come: memory flat in the rows and in a face's size,
/// labels bounded, `--per-page`.
@Suite struct SheetStreamTests {
  /// Exit status and peak resident memory (MiB) of one run of the binary.
  func peak(_ arguments: [String], in dir: String) throws -> (
    status: Int32, mib: Double, err: String
  ) {
    try peakMemory(binary, arguments, in: dir)
  }

  /// A 1 MB field under a label of 40,000 `{a}`: made whole it would be 40 GB a row. The
  /// label is cut to what the sheet shows, and memory stays far under the cap; the same on
  /// the terminal sheet, 20 rows.
  @Test(arguments: [
    ["--sheet", "s.svg"], ["--format", "terminal", "--columns", "4"],
    ["--row-label", "--sheet", "s.svg"],
  ])
  func aLabelIsExpandedWithABound(_ more: [String]) throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/d.lua", "diagnosis \"d\" { happiness = 50 }\n")
    let field = String(repeating: "x", count: 1_000_000)
    let rows = more.contains("terminal") ? 20 : 3
    try writeFile(
      dir + "/rows.csv", "id,a\n" + (1...rows).map { "r\($0),\(field)\n" }.joined())
    let label = String(repeating: "{a}", count: 40_000)
    let r = try peak(
      [
        "batch", "d.lua", "--diagnosis", "d", "--input", "rows.csv", "--output-dir", "out",
        "--label", label,
      ] + more, in: dir)
    #expect(r.status == 0, "\(r.err)")
    #expect(r.mib < 256, "peak \(r.mib) MiB")
    if more.contains("s.svg") {
      let svg = try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
      #expect(try xmlProblem(svg) == nil)
      // Three cells, each labelled with the field's first letters cut with an ellipsis.
      let shown = svg.components(separatedBy: "text-anchor=\"middle\">").dropFirst()
        .map { $0.prefix { $0 != "<" } }.filter { $0.hasPrefix("xxx") }
      #expect(shown.count == 3)
      #expect(shown.allSatisfy { $0.count <= 22 && $0.hasSuffix("…") })
      #expect(svg.utf8.count < 200_000)
    }
  }

  /// Faces of megabytes each (a feature drawing thousands of arcs): eight times the rows
  /// add no memory beyond the faces in flight, since each cell goes to the spool once its
  /// turn comes; the sheet holds every face.
  @Test func theSheetHoldsOnlyTheCellsWaitingTheirTurn() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/big.lua",
      """
      diagnosis "d" { happiness = 50, features = { "scribble" } }
      feature "scribble" {
        draw = function(face, pen)
          for i = 1, 1500 do pen:arc(0, 0, 0.5 + i / 6000, 0, 6.28) end
        end,
      }
      """)
    var peaks: [Int: Double] = [:]
    for rows in [3, 24] {
      try writeFile(
        dir + "/rows\(rows).csv", "id\n" + (1...rows).map { "r\($0)\n" }.joined())
      let r = try peak(
        [
          "batch", "big.lua", "--diagnosis", "d", "--input", "rows\(rows).csv", "--output-dir",
          "out\(rows)", "--sheet", "s\(rows).svg", "--jobs", "2",
        ], in: dir)
      #expect(r.status == 0, "\(r.err)")
      peaks[rows] = r.mib
      let svg = try Data(contentsOf: URL(fileURLWithPath: dir + "/s\(rows).svg"))
      let face = try Data(contentsOf: URL(fileURLWithPath: dir + "/out\(rows)/r1.svg"))
      // Every face is on the sheet: the sheet is at least the faces' size.
      #expect(svg.count > rows * face.count)
      #expect(face.count > 1_500_000)
    }
    let (few, many) = (peaks[3] ?? 0, peaks[24] ?? .infinity)
    // Kept whole, 21 more faces of 2 MB would add over 40 MiB.
    #expect(many < few * 1.25 + 8, "3 rows: \(few) MiB, 24 rows: \(many) MiB")
  }

  /// `--per-page 10`: mtcars' 32 cars in four files of 10, 10, 10 and 2 faces, in the
  /// CSV's order, each a whole SVG with the legend; a page's faces are drawn.
  @Test func perPageSplitsTheSheetIntoFiles() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let csv = try String(contentsOfFile: packageRoot + "/examples/mtcars.csv", encoding: .utf8)
    let ids = csv.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
    #expect(ids.count == 32)
    let r = try psychologist(
      [
        "batch", packageRoot + "/examples/cars.lua", "--diagnosis", "car", "--input",
        packageRoot + "/examples/mtcars.csv", "--output-dir", "out", "--sheet", "cars.svg",
        "--per-page", "10", "--columns", "5",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/cars.svg"))
    var seen: [String] = []
    for (page, count) in [(1, 10), (2, 10), (3, 10), (4, 2)] {
      let svg = try String(contentsOfFile: dir + "/cars-00\(page).svg", encoding: .utf8)
      #expect(try xmlProblem(svg) == nil)
      #expect(svg.components(separatedBy: "<svg x=").count - 1 == count)
      #expect(svg.contains("page \(page) of 4"))
      #expect(svg.contains("channels ← columns"))
      seen += svg.components(separatedBy: "font-size=\"13\" text-anchor=\"middle\">").dropFirst()
        .map { String($0.prefix { $0 != "<" }) }
      if page == 4 {
        // Two faces in a row of five cells of 160: each cell's head is blue somewhere.
        let image = try rasterize(Data(svg.utf8))
        #expect(image.width == 800)
        for cell in 0..<2 {
          var blue = false
          for y in stride(from: 0, to: 200, by: 2) where !blue {
            for x in stride(from: cell * 160, to: cell * 160 + 160, by: 2) where isBlue(image, x, y)
            {
              blue = true
              break
            }
          }
          #expect(blue, "face \(cell) of page 4")
        }
      }
    }
    #expect(seen == ids.map { $0.count > 22 ? String($0.prefix(21)) + "…" : $0 })
    let dash = try psychologist(
      [
        "batch", packageRoot + "/examples/cars.lua", "--diagnosis", "car", "--input",
        packageRoot + "/examples/mtcars.csv", "--output-dir", "out", "--sheet", "-",
        "--per-page", "10",
      ], in: dir)
    #expect(dash.status == 2 && dash.stderr.contains("--per-page writes a file a page"))
  }
}
