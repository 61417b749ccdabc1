// The encoder: every cell of a grid shows, read back as a terminal reads the bytes, the
// style the grid gave it; codes come only where the look changes; without colour only
// attributes are written; characters go out as their UTF-8.

import Geometry
import TestSupport
import Testing

@testable import Render

/// What a terminal shows of `line`: each cell's character, foreground, background and
/// attributes, as the reference reader of the tests works them out.
func shown(_ line: [UInt8]) -> [String] {
  terminalCells(String(decoding: line, as: UTF8.self)).map {
    "\($0.scalar)|\($0.fore)|\($0.back)|\($0.attributes)"
  }
}

/// A grid of one row with `styles` over "abcdef…", one style a cell.
func row(_ styles: [CellStyle]) -> CellGrid {
  var grid = CellGrid(columns: styles.count, rows: 1)
  for (column, s) in styles.enumerated() {
    grid.set(column, 0, 0x61 + UInt32(column), style: grid.style(s))
  }
  return grid
}

let blueRGB = TerminalColor.rgb(.blue)
let pinkRGB = TerminalColor.rgb(Color(r: 0xff, g: 0xcc, b: 0xcc))

@Test func everyCellShowsTheStyleTheGridGaveIt() {
  // The parameters each colour must come out as, worked out by hand: pure blue is cube
  // entry 16 + 5 = 21; #ffcccc is 16 + 36·5 + 6·4 + 4 = 224; basic 4 is blue, 9 bright red.
  let styles: [(CellStyle, truecolor: String, c256: String)] = [
    (CellStyle(foreground: blueRGB), "38;2;0;0;255||", "38;5;21||"),
    (CellStyle(foreground: .basic(4)), "34||", "34||"),
    (CellStyle(foreground: .basic(9), bold: true), "91||1", "91||1"),
    (.plain, "||", "||"),
    (CellStyle(background: pinkRGB), "|48;2;255;204;204|", "|48;5;224|"),
    (CellStyle(foreground: blueRGB, background: .basic(12)), "38;2;0;0;255|104|", "38;5;21|104|"),
    (CellStyle(dim: true, reverse: true), "||2;7", "||2;7"),
    (CellStyle(foreground: .basic(4)), "34||", "34||"),
    (CellStyle(foreground: .basic(7), background: .basic(1), bold: true), "37|41|1", "37|41|1"),
    (.plain, "||", "||"),
  ]
  let grid = row(styles.map(\.0))
  for (mode, expected) in [
    (ColorMode.truecolor, styles.map(\.truecolor)), (.ansi256, styles.map(\.c256)),
  ] {
    let cells = shown(TerminalEncoder(colors: mode).lines(grid)[0])
    let letters = "abcdefghij".map { String($0) }
    #expect(cells == zip(letters, expected).map { "\($0)|\($1)" }, "\(mode)")
  }
}

@Test func codesComeOnlyWhereTheLookChanges() {
  let blue = CellStyle(foreground: blueRGB)
  let line = TerminalEncoder(colors: .ansi256).lines(
    row([blue, blue, blue, .plain, .plain, blue]))[0]
  let text = String(decoding: line, as: UTF8.self)
  // blue on, reset before the plain cells, blue again, reset at the end.
  #expect(text == "\u{1B}[38;5;21mabc\u{1B}[0mde\u{1B}[38;5;21mf\u{1B}[0m")
  // A row in the terminal's own look has no code at all.
  #expect(TerminalEncoder(colors: .truecolor).lines(row([.plain, .plain]))[0] == Array("ab".utf8))
}

@Test func aCellThatInheritsItsForegroundCostsNoCode() {
  let blue = CellStyle(foreground: blueRGB)
  let blank = CellStyle(inheritsForeground: true)
  let line = TerminalEncoder(colors: .ansi256).lines(row([blank, blue, blank, blank, blue]))[0]
  #expect(String(decoding: line, as: UTF8.self) == "a\u{1B}[38;5;21mbcde\u{1B}[0m")
  // What a terminal shows: the blanks after the first dot take its colour.
  #expect(
    shown(line).map { $0.split(separator: "|", omittingEmptySubsequences: false)[1] }
      == ["", "38;5;21", "38;5;21", "38;5;21", "38;5;21"])
}

@Test func withoutColourOnlyAttributesAreWritten() {
  let grid = row([
    CellStyle(foreground: blueRGB), CellStyle(background: pinkRGB),
    CellStyle(foreground: .basic(1)),
  ])
  #expect(!TerminalEncoder(colors: .none).encode(grid).contains(0x1B))
  let attributed = row([
    CellStyle(foreground: .basic(4), bold: true), .plain, CellStyle(reverse: true),
  ])
  let cells = shown(TerminalEncoder(colors: .none).lines(attributed)[0])
  #expect(cells == ["a|||1", "b|||", "c|||7"])
}

@Test func charactersGoOutAsTheirUTF8AndWideOnesOnce() {
  let text = "a é ‹ 中 😀 ⣿"
  var grid = CellGrid(columns: 13, rows: 2)
  let end = grid.write(text, 0, 0)
  #expect(end == 13, "a, é, ‹ one cell each, 中 and 😀 two, four spaces, ⣿")
  let encoded = TerminalEncoder(colors: .truecolor).encode(grid)
  #expect(encoded == Array((text + "\n" + String(repeating: " ", count: 13) + "\n").utf8))
}

@Test func eachRowEndsInTheTerminalsOwnLook() {
  let blue = CellStyle(foreground: blueRGB)
  var grid = CellGrid(columns: 4, rows: 3)
  let b = grid.style(blue), r = grid.style(CellStyle(reverse: true))
  grid.write("ab", 2, 0, style: b)
  grid.write("cd", 0, 1, style: r)
  for mode in [ColorMode.none, .ansi16, .ansi256, .truecolor] {
    let lines = TerminalEncoder(colors: mode).lines(grid)
    #expect(lines.count == 3)
    // The last code of a row puts the terminal's own look back: row 0 ends in it, row 1
    // before its blanks; without colour row 0 has no code at all.
    for line in lines where line.contains(0x1B) {
      let lastCode = line[(line.lastIndex(of: 0x1B) ?? 0)...].prefix(4)
      #expect(Array(lastCode) == [0x1B, 0x5B, 0x30, 0x6D], "\(mode)")
    }
    #expect(lines[0].contains(0x1B) == (mode != .none) && lines[1].contains(0x1B))
    #expect(
      TerminalEncoder(colors: mode).encode(grid) == Array(lines.joined(separator: [0x0A])) + [0x0A])
  }
}
