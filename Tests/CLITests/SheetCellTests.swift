import Foundation
import TestSupport
import Testing

/// The sheet's cells: square for a data sheet, the happiness line only when no channel sets
/// the smile, nothing under a face with `--label ''`.
@Suite struct SheetCellTests {
  func sheet(_ channels: String, _ more: [String] = []) throws -> String {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/cars.lua", "diagnosis \"cars\" { channels = \(channels) }\n")
    try writeFile(dir + "/cars.csv", "id,mpg,wt\nalpha,10,2\nbeta,20,3\ngamma,30,4\n")
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "out",
        "--sheet", "s.svg", "--columns", "3",
      ] + more, in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    return try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
  }

  /// The nested faces' boxes and view boxes: (box width, box height, view width, view height).
  func boxes(_ svg: String) -> [(Double, Double, Double, Double)] {
    svg.components(separatedBy: "<svg x=").dropFirst().map { tag in
      func attribute(_ name: String) -> [Double] {
        let value = tag.components(separatedBy: " \(name)=\"").dropFirst().first ?? ""
        return value.prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
      }
      let view = attribute("viewBox")
      return (
        attribute("width").first ?? 0, attribute("height").first ?? 0,
        view.count == 4 ? view[2] : 0, view.count == 4 ? view[3] : -1
      )
    }
  }

  @Test func aDataSheetHasSquareCellsAndNoHappinessWhenTheSmileIsMapped() throws {
    let svg = try sheet("{ smile = \"mpg\", head_width = \"wt\" }")
    #expect(try xmlProblem(svg) == nil)
    let b = boxes(svg)
    #expect(b.count == 3)
    // Each face is shown through a square window into its document, in a near-square box.
    for (w, h, vw, vh) in b {
      #expect(vw == vh && vw > 0)
      #expect(abs(w - h) <= 4)
    }
    // (A face's own title says its happiness; the cell's line under it does not.)
    #expect(!svg.contains("text-anchor=\"middle\">happiness"))
    #expect(svg.contains(">beta</text>"))
    // Three faces in a row of 160-point cells; the heads drawn, blue, in each cell's top.
    let image = try rasterize(Data(svg.utf8))
    #expect(image.width == 480)
    for cell in 0..<3 {
      var blue = false
      for y in stride(from: 0, to: 160, by: 2) where !blue {
        for x in stride(from: cell * 160, to: cell * 160 + 160, by: 2) where isBlue(image, x, y) {
          blue = true
          break
        }
      }
      #expect(blue, "cell \(cell)")
    }
  }

  @Test func theHappinessLineShowsWhenNoChannelSetsTheSmile() throws {
    let svg = try sheet("{ head_width = \"wt\" }")
    #expect(svg.components(separatedBy: ">happiness 50<").count - 1 == 3)
  }

  @Test func anEmptyLabelShowsNothingUnderTheFace() throws {
    let svg = try sheet("{ head_width = \"wt\" }", ["--label", ""])
    #expect(!svg.contains("text-anchor=\"middle\">happiness"))
    #expect(!svg.contains(">alpha<") && !svg.contains("font-size=\"13\" text-anchor=\"middle\""))
    #expect(boxes(svg).count == 3)
  }
}
