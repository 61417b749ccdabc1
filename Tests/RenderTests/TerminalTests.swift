// Terminal rendering: cell counts, roundness, ASCII and colour rules, colour detection.

import Geometry
import Glibc

import Readable
import Testing

@testable import Render

/// The visible cells of a line: escape sequences removed, characters counted.
func visible(_ line: String) -> [Character] {
  var result: [Character] = []
  var inEscape = false
  for c in line {
    if inEscape {
      if c == "m" { inEscape = false }
    } else if c == "\u{1B}" {
      inEscape = true
    } else {
      result.append(c)
    }
  }
  return result
}

let ring = Drawing(
  width: 100, height: 100,
  items: [
    Item(.circle(center: Point(50, 50), radius: 40), paint: Paint(stroke: .blue, lineWidth: 4))
  ])

/// Lit dots of a braille rendering as (x, y) dot coordinates.
func brailleDots(_ lines: [String]) -> [(Int, Int)] {
  let order: [(Int, Int)] = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
  var dots: [(Int, Int)] = []
  for (row, line) in lines.enumerated() {
    for (column, c) in visible(line).enumerated() {
      guard let v = c.unicodeScalars.first?.value, v >= 0x2800, v <= 0x28FF else { continue }
      for bit in 0..<8 where (v - 0x2800) & (1 << bit) != 0 {
        dots.append((column * 2 + order[bit].0, row * 4 + order[bit].1))
      }
    }
  }
  return dots
}

@Test(arguments: [(40, 12), (80, 24), (33, 7), (1, 1), (200, 60)])
func linesHaveExactlyTheRequestedCells(columns: Int, rows: Int) {
  for mode in [ColorMode.none, .ansi16, .ansi256, .truecolor] {
    for ascii in [false, true] {
      let lines = TerminalRenderer.lines(
        ring, columns: columns, rows: rows, colors: mode, ascii: ascii)
      #expect(lines.count == rows)
      for line in lines { #expect(visible(line).count == columns) }
      let text = TerminalRenderer.render(
        ring, columns: columns, rows: rows, colors: mode, ascii: ascii)
      #expect(text == lines.joined(separator: "\n") + "\n")
    }
  }
}

@Test func circlesStayRound() {
  for (columns, rows) in [(80, 24), (40, 40), (120, 20)] {
    let dots = brailleDots(
      TerminalRenderer.lines(ring, columns: columns, rows: rows, colors: .none, ascii: false))
    let xs = dots.map(\.0), ys = dots.map(\.1)
    let width = Double(xs.max()! - xs.min()! + 1), height = Double(ys.max()! - ys.min()! + 1)
    #expect(abs(width / height - 1) < 0.08, "\(columns)x\(rows): \(width)x\(height) dots")
    // Centred: as much room left as right (within a dot or two).
    let left = xs.min()!, right = columns * 2 - 1 - xs.max()!
    #expect(abs(left - right) <= 2)
    // Thick: a row through the centre crosses the ring in two runs of about 4×scale dots.
    let scale = min(Double(columns * 2) / 100, Double(rows * 4) / 100)
    let middle = (ys.min()! + ys.max()!) / 2
    let run = xs.enumerated().filter {
      ys[$0.offset] == middle && $0.element < (xs.min()! + xs.max()!) / 2
    }.count
    #expect(
      Double(run) >= max(1, 4 * scale) - 1.5 && Double(run) <= max(1, 4 * scale) + 1.5, "run \(run)"
    )
  }
}

@Test func asciiOutputIsAsciiAndRound() {
  let text = TerminalRenderer.render(ring, columns: 60, rows: 20, colors: .truecolor, ascii: true)
  #expect(text.utf8.allSatisfy { $0 < 0x80 })
  let plain = TerminalRenderer.lines(ring, columns: 60, rows: 20, colors: .none, ascii: false)
  #expect(!plain.joined().utf8.allSatisfy { $0 < 0x80 }, "braille is not ASCII")
  let lines = TerminalRenderer.lines(ring, columns: 60, rows: 20, colors: .none, ascii: true)
  var columnsUsed: [Int] = [], rowsUsed: [Int] = []
  for (row, line) in lines.enumerated() {
    for (column, c) in line.enumerated() where c != " " {
      columnsUsed.append(column)
      rowsUsed.append(row)
    }
  }
  // One dot a cell across, two down: a round ring is about twice as many cells wide as high.
  let wide = Double(columnsUsed.max()! - columnsUsed.min()! + 1)
  let high = Double(rowsUsed.max()! - rowsUsed.min()! + 1)
  #expect(abs(wide / (high * 2) - 1) < 0.12, "\(wide)x\(high)")
}

@Test func escapeCodesOnlyWithColour() {
  let none = TerminalRenderer.render(ring, columns: 40, rows: 12, colors: .none, ascii: false)
  #expect(!none.utf8.contains(0x1B))
  let truecolor = TerminalRenderer.render(
    ring, columns: 40, rows: 12, colors: .truecolor, ascii: false)
  #expect(truecolor.contains("\u{1B}[38;2;0;0;255m"))
  let c256 = TerminalRenderer.render(ring, columns: 40, rows: 12, colors: .ansi256, ascii: false)
  #expect(c256.contains("\u{1B}[38;5;21m"))
  let c16 = TerminalRenderer.render(ring, columns: 40, rows: 12, colors: .ansi16, ascii: false)
  #expect(c16.contains("\u{1B}[34m"))
  for line in TerminalRenderer.lines(ring, columns: 40, rows: 12, colors: .truecolor, ascii: false)
  where line.contains("\u{1B}") {
    #expect(line.hasSuffix("\u{1B}[0m"))
  }
}

@Test func textIsWrittenIntoCells() {
  let d = Drawing(
    width: 100, height: 50,
    items: [
      Item(.text("Happiness", at: Point(10, 20), size: 10)),
      Item(.text("中文", at: Point(10, 40), size: 10)),
    ])
  let lines = TerminalRenderer.lines(d, columns: 50, rows: 12, colors: .none, ascii: false)
  #expect(lines.contains { $0.contains("Happiness") })
  #expect(lines.contains { $0.contains("中文") })
  for line in lines { #expect(line.count == 50 - (line.contains("中") ? 2 : 0)) }
  let ascii = TerminalRenderer.lines(d, columns: 50, rows: 12, colors: .none, ascii: true)
  #expect(ascii.contains { $0.contains("Happiness") })
  #expect(ascii.joined().utf8.allSatisfy { $0 < 0x80 })
}

@Test func clipLimitsWhatIsDrawn() {
  let half = Drawing(
    width: 100, height: 100,
    items: [
      Item(
        .circle(center: Point(50, 50), radius: 40), paint: Paint(stroke: .blue, lineWidth: 4),
        clip: Rect(x: 0, y: 0, width: 50, height: 100))
    ])
  let dots = brailleDots(
    TerminalRenderer.lines(half, columns: 50, rows: 25, colors: .none, ascii: false))
  #expect(!dots.isEmpty)
  #expect(dots.allSatisfy { $0.0 < 50 })
}

@Test func terminalSizeFallsBackToEnvironment() {
  let size = TerminalWindow.size(environment: ["COLUMNS": "132", "LINES": "43"])
  #expect(size.columns > 0 && size.rows > 0)
  if isatty(1) == 0 {
    #expect(size.columns == 132 && size.rows == 43)
    let fallback = TerminalWindow.size(environment: ["COLUMNS": "x", "LINES": "-3"])
    #expect(fallback.columns == 80 && fallback.rows == 24)
  }
}

@Test func asciiTextUsesLookAlikesOfCommonPunctuation() {
  let d = Drawing(
    width: 200, height: 20,
    items: [
      Item(.text("‹ Back · ok › – “x” é", at: Point(0, 15), size: 10), paint: Paint(fill: .black))
    ])
  let text = TerminalRenderer.render(d, columns: 40, rows: 2, colors: .none, ascii: true)
  #expect(text.contains("< Back . ok > - \"x\" ?"), "\(text)")
}

@Test func controlAndBidiCharactersAreEscapedOrBlanked() {
  let hostile = "a\u{202E}b\u{1B}]0;x\u{07}c\u{2066}d\u{9B}e\nf\u{2028}g"
  #expect(
    terminalSafe(hostile) == "a\\u{202e}b\\x1b]0;x\\x07c\\u{2066}d\\x9be\\nf\\u{2028}g")
  #expect(terminalSafe("tab\there\nnext", lines: true) == "tab\there\nnext")
  #expect(terminalSafe("Happiness 70 · 中文") == "Happiness 70 · 中文")
  // Labels drawn into cells: none of them reaches the terminal.
  let d = Drawing(width: 100, height: 50, items: [Item(.text(hostile, at: Point(0, 20), size: 10))])
  let text = TerminalRenderer.render(d, columns: 50, rows: 12, colors: .none, ascii: false)
  #expect(!text.unicodeScalars.contains { isTerminalControl($0.value) && $0 != "\n" })
}
