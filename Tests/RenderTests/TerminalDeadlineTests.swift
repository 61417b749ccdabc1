import Geometry
import Testing

@testable import Render

/// Terminal drawing asks its caller's deadline between its items: long work a script can
/// ask for (many wide strokes on a large grid) ends when the caller's time is up.
@Suite struct TerminalDeadlineTests {
  /// `count` wide strokes across a 100×100 drawing.
  private func strokes(_ count: Int) -> Drawing {
    Drawing(
      width: 100, height: 100,
      items: (0..<count).map { i in
        Item(
          .line(Point(0, Double(i % 100)), Point(100, Double(100 - i % 100))),
          paint: Paint(stroke: .blue, lineWidth: 30))
      })
  }

  @Test func aDeadlineNeverReachedDrawsTheSameCells() throws {
    let d = strokes(50)
    let plain = TerminalRenderer.cells(
      d, columns: 60, rows: 30, ascii: false, paintsBackgrounds: true)
    let timed = try TerminalRenderer.cells(
      d, columns: 60, rows: 30, ascii: false, paintsBackgrounds: true, expired: { false })
    #expect(timed.characters == plain.characters && timed.styleIndices == plain.styleIndices)
  }

  @Test func thePassedDeadlineStopsTheDrawingBetweenItems() {
    var asked = 0
    #expect(throws: DrawingStopped.self) {
      _ = try TerminalRenderer.bytes(
        strokes(1000), columns: 400, rows: 200, colors: .none, ascii: false,
        expired: {
          asked += 1
          return asked > 10
        })
    }
    // Asked before each item, and no more once it said so.
    #expect(asked == 11)
  }

  @Test func theWorkingMemoryGrowsWithTheCellsUpToTheLargestGrid() {
    let small = TerminalRenderer.workingBytes(columns: 80, rows: 24)
    #expect(small >= 80 * 24 * 8)
    #expect(TerminalRenderer.workingBytes(columns: 400, rows: 200) == small * 400 * 200 / (80 * 24))
    // COLUMNS=1000000 draws no more than the largest grid.
    #expect(
      TerminalRenderer.workingBytes(columns: 1_000_000, rows: 1_000_000)
        == TerminalRenderer.workingBytes(
          columns: TerminalRenderer.maxColumns, rows: TerminalRenderer.maxRows))
  }
}
