import Foundation
import Testing

/// `show --screen` in the terminal shows what the SVG screen shows: the back button's
/// arrow in ASCII, and the iPad split view's divider between master and detail.
@Suite struct ScreenTerminalTests {
  func screen(_ format: String, _ more: [String] = []) throws -> [String] {
    let r = try psychologist(
      ["show", "examples/psychologist.lua", "bite", "--screen", "--format", format] + more,
      environment: ["COLUMNS": "120", "LINES": "40"])
    #expect(r.status == 0, "\(r.stderr)")
    return r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func asciiBackButtonReadsLessThanBack() throws {
    for device in ["iphone", "ipad"] {
      let text = try screen("ascii", ["--device", device, "--orientation", "landscape"])
        .joined(separator: "\n")
      // The back button's title is the previous scene's, or "Back" when that is too long,
      // inside the button's outline (its arrow drawn in dots, iOS 6's shape), and nothing
      // the terminal cannot show.
      #expect(text.contains("Back") || text.contains("Psychologist"), "\(device):\n\(text)")
      #expect(!text.contains("?"), "\(device):\n\(text)")
    }
    // In braille too, where "Psychologist" fits beside "Happiness" on an iPhone in portrait.
    #expect(try screen("terminal").joined().contains("Psychologist"))
  }

  /// The divider sits at x = 320 of the 1024-point-wide landscape screen: some column near
  /// 320/1024 of the drawing's width is drawn on nearly every row below the status bar.
  @Test(arguments: ["ascii", "terminal"]) func ipadDividerIsDrawn(format: String) throws {
    let lines = try screen(format, ["--device", "ipad", "--orientation", "landscape"])
      .filter { !$0.isEmpty }
    let cells = lines.map { Array($0) }
    // The drawing is centred: its left and right ends are the outermost drawn columns.
    let drawn = cells.flatMap { row in row.indices.filter { row[$0] != " " } }
    let left = try #require(drawn.min()), right = try #require(drawn.max())
    let expected = Double(left) + Double(right - left + 1) * 320.5 / 1024
    var best = 0
    for column in Int(expected) - 2...Int(expected) + 2 {
      let rows = cells.dropFirst(1).filter { column < $0.count && $0[column] != " " }.count
      best = max(best, rows)
    }
    #expect(Double(best) >= Double(cells.count - 1) * 0.9, "\(lines.joined(separator: "\n"))")
  }
}
