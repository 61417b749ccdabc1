// The cell grid: text written into cells (cut at a limit, wide characters whole, controls
// blanked), grids placed in grids, faint areas, and inherited colours resolved so a face's
// cells keep their look wherever a screen puts them.

import Geometry
import TestSupport
import Testing

@testable import Render

@Test func writingStopsAtTheLimitAndKeepsWideCharactersWhole() {
  var grid = CellGrid(columns: 10, rows: 1)
  #expect(grid.write("ab中c", 3, 0, limit: 7) == 7)
  #expect(grid.text(row: 0) == "   ab中 " + "  ", "c would end past the limit")
  var cut = CellGrid(columns: 10, rows: 1)
  #expect(cut.write("ab中", 3, 0, limit: 6) == 5, "中 needs two cells, one is left")
  #expect(cut.text(row: 0) == "   ab     ")
  // From a column left of the grid, what falls inside is written.
  var left = CellGrid(columns: 4, rows: 1)
  #expect(left.write("xyzw", -2, 0) == 2)
  #expect(left.text(row: 0) == "zw  ")
  // A row outside writes nothing.
  #expect(left.write("q", 0, 5) == 0 && left.text(row: 0) == "zw  ")
}

@Test func controlsBecomeBlanksAndZeroWidthCharactersGo() {
  var grid = CellGrid(columns: 6, rows: 1)
  grid.write("a\u{1B}b\u{0301}c\u{202E}", 0, 0)
  #expect(grid.text(row: 0) == "a bc  ")
}

@Test func placingCopiesWhatFitsTheRectAndTheGrid() {
  var face = CellGrid(columns: 4, rows: 2)
  let blue = face.style(CellStyle(foreground: .basic(4)))
  face.write("ab中", 0, 0, style: blue)
  face.write("wxyz", 0, 1)
  var screen = CellGrid(columns: 6, rows: 3)
  screen.place(face, in: CellRect(left: 3, top: 1, right: 7, bottom: 3))
  // Columns 3…5 only: 中 would need column 6, outside the screen, so it is left out.
  #expect(screen.text(row: 1) == "   ab ")
  #expect(screen.text(row: 2) == "   wxy")
  #expect(screen.style(3, 1).foreground == .basic(4) && screen.style(3, 2) == .plain)
  var clipped = CellGrid(columns: 6, rows: 2)
  clipped.place(face, in: CellRect(left: -2, top: -1, right: 2, bottom: 1))
  #expect(clipped.text(row: 0) == "yz    ", "rows and columns above and left of the grid drop")
}

@Test func dimMakesTheRectFaintAndKeepsItsColours() {
  var grid = CellGrid(columns: 4, rows: 2)
  let blue = grid.style(CellStyle(foreground: .basic(4)))
  grid.write("abcd", 0, 0, style: blue)
  grid.dim(CellRect(left: 1, top: 0, right: 3, bottom: 5))
  #expect((0..<4).map { grid.style($0, 0).dim } == [false, true, true, false])
  #expect((0..<4).map { grid.style($0, 1).dim } == [false, true, true, false])
  #expect(grid.style(1, 0).foreground == .basic(4))
}

/// A blue ring over a pink disc, with a label: a drawing whose cells inherit colours.
let tintedFace = Drawing(
  width: 100, height: 60,
  items: [
    Item(
      .circle(center: Point(50, 30), radius: 25),
      paint: Paint(stroke: nil, fill: Color(r: 0xff, g: 0xcc, b: 0xcc))),
    Item(.circle(center: Point(50, 30), radius: 25), paint: Paint(stroke: .blue, lineWidth: 3)),
    Item(.text("Hi there", at: Point(2, 58), size: 8), paint: Paint(stroke: .black)),
  ])

@Test func aResolvedGridShowsWhatTheGridShows() {
  let grid = TerminalRenderer.cells(
    tintedFace, columns: 40, rows: 12, ascii: false, paintsBackgrounds: true)
  #expect(grid.styles.contains { $0.inheritsForeground })
  let resolved = grid.resolved()
  #expect(
    !resolved.styles.enumerated().contains { index, style in
      style.inheritsForeground && resolved.styleIndices.contains(UInt16(index))
    })
  for mode in [ColorMode.ansi16, .ansi256, .truecolor] {
    let encoder = TerminalEncoder(colors: mode)
    #expect(encoder.lines(grid).map(shown) == encoder.lines(resolved).map(shown), "\(mode)")
  }
}

@Test func aPlacedFaceKeepsItsLookOnlyResolved() {
  let face = TerminalRenderer.cells(
    tintedFace, columns: 30, rows: 8, ascii: false, paintsBackgrounds: true)
  let encoder = TerminalEncoder(colors: .ansi256)
  let alone = encoder.lines(face).map(shown)
  // A screen with a red rule down column 0, the face right of it.
  func screen(_ placed: CellGrid) -> [[String]] {
    var screen = CellGrid(columns: 31, rows: 8)
    let red = screen.style(CellStyle(foreground: .basic(1)))
    for row in 0..<8 { screen.write("│", 0, row, style: red) }
    screen.place(placed, in: CellRect(left: 1, top: 0, right: 31, bottom: 8))
    return encoder.lines(screen).map { Array(shown($0).dropFirst()) }
  }
  #expect(screen(face.resolved()) == alone)
  // Unresolved, the face's leading blanks would take the rule's red.
  #expect(screen(face) != alone)
}
