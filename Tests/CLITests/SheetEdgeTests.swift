import Foundation
@testable import Rows
import TestSupport
import Testing

/// What a data sheet's cells show at their edges (issue 36): the missing value's grey
/// cross inside the square the cell shows, the widest ears clear of the next cell and the
/// sheet's edge, a long label cut to its cell, and a legend that speaks of missing values
/// only when a row had one.
@Suite struct SheetEdgeTests {
  /// The sheet of `rows` (a CSV with a header) under `channels`, three cells a row, as SVG.
  func sheet(_ channels: String, _ rows: String) throws -> String {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/d.lua", "diagnosis \"d\" { channels = \(channels) }\n")
    try writeFile(dir + "/rows.csv", rows)
    let r = try psychologist(
      [
        "batch", "d.lua", "--diagnosis", "d", "--input", "rows.csv", "--output-dir", "out",
        "--sheet", "s.svg", "--columns", "3",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    return try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
  }

  /// Pixels of `image` in the rectangle whose colour `holds`.
  func count(_ image: Pixels, x: Range<Int>, y: Range<Int>, _ holds: (Int, Int, Int) -> Bool)
    -> Int
  {
    var n = 0
    for py in y {
      for px in x {
        if let (r, g, b) = image.at(px, py), holds(Int(r), Int(g), Int(b)) { n += 1 }
      }
    }
    return n
  }

  @Test func theMissingValueCrossShowsInItsCell() throws {
    let svg = try sheet(
      "{ smile = \"mpg\", head_width = \"wt\" }", "id,mpg,wt\na,10,\nb,20,3\nc,30,4\n")
    let image = try rasterize(Data(svg.utf8))
    // The cross is mid grey (#808080); the note under the face is darker (#555555).
    func grey(_ r: Int, _ g: Int, _ b: Int) -> Bool {
      (100...200).contains(r) && abs(r - g) < 8 && abs(r - b) < 8
    }
    let face = 0..<160
    // A small thin cross (about 6 pixels across), in the face's top right corner.
    #expect(count(image, x: 80..<160, y: 0..<80, grey) > 3, "row a's cross")
    #expect(count(image, x: 160..<320, y: face, grey) == 0, "row b has every value")
    #expect(svg.contains("missing values"))
  }

  @Test func theWidestEarsStayClearOfTheNextCellAndTheSheetsEdge() throws {
    // The last row has the widest head and the largest ears the data can give.
    let svg = try sheet(
      "{ ear_size = \"e\", head_width = \"w\" }", "id,e,w\na,0,0\nb,1,1\nc,1,1\n")
    let image = try rasterize(Data(svg.utf8))
    func blue(_ r: Int, _ g: Int, _ b: Int) -> Bool { b > 120 && r < 120 && g < 120 }
    let face = 0..<160
    // Something blue (the head and ears) near the edges, but not at them.
    #expect(count(image, x: 160..<170, y: face, blue) > 0, "cell b's ear is near its edge")
    #expect(count(image, x: 0..<3, y: face, blue) == 0, "the sheet's left edge")
    for edge in [320, 480] {
      #expect(
        count(image, x: (edge - 3)..<min(edge + 3, image.width), y: face, blue) == 0, "at \(edge)")
    }
    // No missing value: the legend does not speak of them.
    #expect(!svg.contains("missing values"), "\(svg.suffix(2000))")
  }

  @Test func aLongLabelIsCutToItsCell() throws {
    let long = "a row name far longer than any cell of the sheet is wide"
    let svg = try sheet("{ head_width = \"wt\" }", "id,wt\n\(long),1\nb,2\nc,3\n")
    // Cut at a word, with "…", in what the SVG says.
    let cut = try #require(
      svg.components(separatedBy: "text-anchor=\"middle\">").dropFirst()
        .first { $0.hasPrefix("a row") })
    let text = String(cut.prefix { $0 != "<" })
    #expect(text.hasSuffix("…") && text.count < long.count, "\(text)")
    // As drawn: no ink of it in the next cell's label line, left of that cell's own short label.
    let image = try rasterize(Data(svg.utf8))
    func ink(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 140 && g < 140 && b < 140 }
    #expect(count(image, x: 160..<215, y: 162..<180, ink) == 0)
    #expect(count(image, x: 0..<2, y: 162..<180, ink) == 0)
    #expect(count(image, x: 20..<140, y: 162..<180, ink) > 20, "the label is drawn")
  }
}
