// Areas of colour in the terminal: a fill-only circle or ellipse paints the background of
// the cells it covers (when colours are on); rects (the screen's paper) and filled dots
// (stroked too) do not, and an opaque rect over an area takes its colour away.

import Geometry
import TestSupport
import Testing

@testable import Render

let pink = Color(r: 0xff, g: 0xcc, b: 0xcc)

/// A pink disc of radius 30 at the centre of 100×100 under a blue ring, plus `more`.
func disc(_ more: [Item] = [], clip: Rect? = nil) -> Drawing {
  Drawing(
    width: 100, height: 100,
    items: [
      Item(
        .circle(center: Point(50, 50), radius: 30), paint: Paint(stroke: nil, fill: pink),
        clip: clip),
      Item(.circle(center: Point(50, 50), radius: 30), paint: Paint(stroke: .blue, lineWidth: 2)),
    ] + more)
}

/// The (foreground, background) parameters in force at each visible cell of each line.
func styles(_ lines: [String]) -> [[(fore: String, back: String)]] {
  lines.map { terminalCells($0).map { ($0.fore, $0.back) } }
}

/// The background parameters in force at each visible cell of each line.
func backgrounds(_ lines: [String]) -> [[String]] { styles(lines).map { $0.map(\.back) } }

@Test func aFilledDiscPaintsTheCellsItCovers() {
  // 20×10 braille cells are 40×40 dots: the disc (radius 12 dots) spans dot columns 8…32,
  // cell columns 4…15, and the middle cells are well inside it.
  // #ffcccc in the xterm cube: levels 255, 215, 215 -> 16 + 36·5 + 6·4 + 4 = 224; among
  // the 16 basic colours it is nearest light grey (229, 229, 229), background code 47.
  for (mode, code) in [
    (ColorMode.ansi256, "48;5;224"), (.truecolor, "48;2;255;204;204"), (.ansi16, "47"),
  ] {
    let b = backgrounds(
      TerminalRenderer.lines(disc(), columns: 20, rows: 10, colors: mode, ascii: false))
    #expect(b[5][10] == code && b[4][9] == code, "\(mode): \(b[5])")
    #expect(b[0][0] == "" && b[5][0] == "" && b[5][19] == "" && b[9][10] == "", "\(mode)")
    let covered = b.joined().filter { $0 == code }.count
    // The disc's area is π·12² ≈ 452 dots, 57 cells of 8; cells its edge runs through count too.
    #expect(covered >= 50 && covered <= 90, "\(mode): \(covered) cells")
  }
  // In ASCII (1×2 dots a cell: 20×20 dots, radius 6) the middle is painted too.
  let a = backgrounds(
    TerminalRenderer.lines(disc(), columns: 20, rows: 10, colors: .ansi256, ascii: true))
  #expect(a[5][10] == "48;5;224" && a[0][0] == "")
}

@Test func rectsAndFilledDotsPaintNoBackground() {
  // Play's screens: bars and sheets are filled rects, pupils stroked and filled circles.
  let d = Drawing(
    width: 100, height: 100, background: .white,
    items: [
      Item(
        .rect(Rect(x: 0, y: 0, width: 100, height: 20)), paint: Paint(stroke: nil, fill: .black)),
      Item(
        .rect(Rect(x: 10, y: 30, width: 80, height: 60)), paint: Paint(stroke: .black, fill: pink)),
      Item(.circle(center: Point(50, 60), radius: 20), paint: Paint(stroke: .blue, fill: .blue)),
      Item(
        .ellipse(center: Point(50, 60), rx: 30, ry: 10),
        paint: Paint(stroke: nil, fill: pink, opacity: 0.5)),
    ])
  for mode in [ColorMode.ansi16, .ansi256, .truecolor] {
    let text = TerminalRenderer.render(d, columns: 20, rows: 10, colors: mode, ascii: false)
    #expect(!text.contains("48;") && !text.contains("[4"), "\(mode)")
  }
}

@Test func anOpaqueRectOverTheDiscTakesItsColourAway() {
  let sheet = Item(
    .rect(Rect(x: 0, y: 0, width: 50, height: 100)), paint: Paint(stroke: nil, fill: .white))
  let b = backgrounds(
    TerminalRenderer.lines(disc([sheet]), columns: 20, rows: 10, colors: .ansi256, ascii: false))
  #expect(b[5][6] == "" && b[5][8] == "", "under the sheet: \(b[5])")
  #expect(b[5][14] == "48;5;224", "beside it: \(b[5])")
  // A clip keeps the colour inside the clip box, as it keeps dots.
  let clipped = backgrounds(
    TerminalRenderer.lines(
      disc(clip: Rect(x: 50, y: 0, width: 50, height: 100)), columns: 20, rows: 10,
      colors: .ansi256,
      ascii: false))
  #expect(clipped[5][6] == "" && clipped[5][14] == "48;5;224", "\(clipped[5])")
}

@Test func everyCodeAloneGivesTheCellsWholeStyle() {
  // Play's screen keeps the last code before a cell as that cell's whole style: so each
  // code must set what the codes before it set, or a dot after the disc's edge would keep
  // the background the terminal cleared (or lose one it kept).
  for mode in [ColorMode.ansi16, .ansi256, .truecolor] {
    for line in TerminalRenderer.lines(disc(), columns: 20, rows: 10, colors: mode, ascii: false) {
      let cumulative = styles([line])[0]
      // Each code alone: a reset before every one of them.
      let alone = styles([line.replacingEvery("\u{1B}[", with: "\u{1B}[0;")])[0]
      #expect(cumulative.map(\.fore) == alone.map(\.fore), "\(mode): \(line)")
      #expect(cumulative.map(\.back) == alone.map(\.back), "\(mode): \(line)")
    }
  }
}

@Test(arguments: edgeValues)
func edgeDiscsPaintQuicklyWithoutTrapping(_ v: Double) {
  let fill = Paint(stroke: nil, fill: pink)
  let items = [
    Item(.circle(center: Point(v, 50), radius: 10), paint: fill),
    Item(.circle(center: Point(50, 50), radius: v), paint: fill),
    Item(.ellipse(center: Point(50, v), rx: v, ry: 5), paint: fill),
    Item(.ellipse(center: Point(50, 50), rx: 5, ry: v), paint: fill),
    Item(.rect(Rect(x: v, y: 0, width: v, height: 50)), paint: Paint(stroke: nil, fill: .white)),
    Item(
      .circle(center: Point(50, 50), radius: 40), paint: fill,
      clip: Rect(x: v, y: v, width: v, height: 50)),
  ]
  for ascii in [false, true] {
    let lines = TerminalRenderer.lines(
      Drawing(width: 100, height: 100, items: items), columns: 80, rows: 24, colors: .ansi256,
      ascii: ascii)
    #expect(lines.count == 24)
    for line in lines { #expect(visible(line).count == 80) }
  }
}

extension String {
  /// The string with every occurrence of `target` replaced (no Foundation in this target).
  func replacingEvery(_ target: String, with replacement: String) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}

@Test func anOpaqueFillClearsWhatWasDrawnBeforeItOnly() {
  let ringItem = ring.items[0]
  let sheet = Item(
    .rect(Rect(x: 0, y: 0, width: 50, height: 100)), paint: Paint(stroke: nil, fill: .white))
  let label = Item(
    .text("hi", at: Point(10, 50), size: 10), paint: Paint(stroke: nil, fill: .black))
  func dots(_ items: [Item]) -> [(Int, Int)] {
    brailleDots(
      TerminalRenderer.lines(
        Drawing(width: 100, height: 100, items: items), columns: 20, rows: 10, colors: .none,
        ascii: false))
  }
  let whole = dots([ringItem])
  // Under the ring: nothing to clear, the ring is whole.
  #expect(dots([sheet, ringItem]).map { $0.0 } == whole.map { $0.0 })
  // Over it: the left half (dot columns 0…19 of 40) is gone, the right half stays.
  let covered = dots([ringItem, sheet])
  #expect(!covered.isEmpty && covered.allSatisfy { $0.0 >= 20 })
  #expect(covered.count == whole.filter { $0.0 >= 20 }.count)
  // Text first, then the sheet: the text goes too.
  let text = TerminalRenderer.render(
    Drawing(width: 100, height: 100, items: [label, sheet]), columns: 20, rows: 10, colors: .none,
    ascii: false)
  #expect(!text.contains("hi"))
  let kept = TerminalRenderer.render(
    Drawing(width: 100, height: 100, items: [sheet, label]), columns: 20, rows: 10, colors: .none,
    ascii: false)
  #expect(kept.contains("hi"))
}
