import Foundation
import TestSupport
import Testing

/// One cell of a tmux screen read with `capture-pane -e`: its character and its colours.
struct ColoredCell: Equatable {
  var character: Character
  var foreground: [Int]?
  var background: [Int]?
  var bold: Bool
}

/// The screen's cells, from what `capture-pane -e` prints: SGR codes (24-bit colours,
/// bold, reset), which tmux carries from one row to the next without a reset.
func coloredCells(_ text: String) -> [[ColoredCell]] {
  var rows: [[ColoredCell]] = [[]]
  var pen = ColoredCell(character: " ", foreground: nil, background: nil, bold: false)
  var scalars = Array(text.unicodeScalars)[...]
  while let s = scalars.popFirst() {
    if s == "\n" {
      rows.append([])
    } else if s == "\u{1B}", scalars.first == "[" {
      scalars.removeFirst()
      var code = ""
      while let c = scalars.popFirst(), c != "m" { code.unicodeScalars.append(c) }
      var p = code.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
      while let n = p.popFirst() {
        switch n {
        case 0: pen = ColoredCell(character: " ", foreground: nil, background: nil, bold: false)
        case 1: pen.bold = true
        case 22: pen.bold = false
        case 39: pen.foreground = nil
        case 49: pen.background = nil
        case 38, 48:
          // 38;2;R;G;B (tmux keeps a program's 24-bit colours as they were written).
          guard p.popFirst() == 2, p.count >= 3 else { continue }
          let rgb = Array(p.prefix(3))
          p = p.dropFirst(3)
          if n == 38 { pen.foreground = rgb } else { pen.background = rgb }
        default: break
        }
      }
    } else {
      var cell = pen
      cell.character = Character(s)
      rows[rows.count - 1].append(cell)
    }
  }
  return rows
}

/// `play` draws the chrome in the theme's colours where colour is on (issue 34): the bar a
/// background across its rows, the back button a bordered run of cells standing off the
/// bar, the status bar's colours; without colour it keeps its plain look.
@Suite("play's chrome in colour", .serialized)
struct PlayChromeColorTests {
  let seed = packageRoot + "/examples/psychologist.lua"
  // iOS 6's theme (Theme.ios6): the bar's gradient bottom, the back button's, its title,
  // and the iPhone's status bar, which takes the bar's dark edge.
  let bar = [109, 132, 162]
  let button = [76, 101, 137]
  let white = [255, 255, 255]
  let statusBar = [45, 54, 66]

  @Test func theBarTheBackButtonAndTheStatusBarTakeTheThemesColours() throws {
    let pane = try TmuxPane()
    try pane.type("COLORTERM=truecolor \(binary) play \(seed) --color always")
    let menu = try pane.waitFor("flaying")
    try pane.press(try #require(keyShown(for: "bite", in: menu)))
    try pane.waitFor("happiness 70")
    let cells = coloredCells(
      try pane.tmux(["capture-pane", "-N", "-e", "-p", "-t", pane.name]).out)
    let top = cells[0], foot = cells[1]
    #expect(top.count == 100 && foot.count == 100, "rows of \(top.count), \(foot.count)")
    // The bar: both rows, every cell, on the bar's colour but the back button's own.
    let text = String(top.map(\.character))
    let title = try #require(text.range(of: "Psychologist"), "\(text)")
    let start = text.distance(from: text.startIndex, to: title.lowerBound)
    let end = start + "Psychologist".count
    // The button's face: its title with a space either side, white on its own colour.
    let face = (start - 1)...end
    for (c, cell) in top.enumerated() where !face.contains(c) && !"◀▌".contains(cell.character) {
      #expect(cell.background == bar, "bar row, column \(c) '\(cell.character)'")
    }
    for (c, cell) in foot.enumerated() {
      #expect(cell.background == bar, "bar's foot, column \(c)")
    }
    for c in face {
      #expect(top[c].background == button, "back button, column \(c)")
    }
    for c in start..<end {
      #expect(top[c].foreground == white && top[c].bold, "back title, column \(c)")
    }
    // Bordered: shaped ends in the button's colour on the bar's close the run either side.
    let left = top[start - 2], right = top[end + 1]
    #expect(left.character == "◀" && left.foreground == button && left.background == bar)
    #expect(right.character == "▌" && right.foreground == button && right.background == bar)
    // The title stands on the bar, white; not in the tint of a tappable thing.
    let happiness = try #require(text.range(of: "Happiness"))
    let h = text.distance(from: text.startIndex, to: happiness.lowerBound)
    #expect(top[h].foreground == white && top[h].background == bar)
    // The status line: the status bar's colours.
    let status = try #require(cells.last { String($0.map(\.character)).contains("happiness 70") })
    #expect(status.allSatisfy { $0.background == statusBar }, "the status line's colours")
    try pane.press("q")
  }

  @Test func showsTerminalScreenDrawsTheBackButtonOnItsOwnColour() throws {
    let r = try psychologist(
      ["show", seed, "bite", "--screen", "--format", "terminal", "--color", "always"],
      environment: ["COLORTERM": "truecolor", "COLUMNS": "100", "LINES": "40"])
    #expect(r.status == 0, "\(r.stderr)")
    let cells = coloredCells(r.out)
    let row = try #require(cells.first { String($0.map(\.character)).contains("Happiness") })
    let text = String(row.map(\.character))
    // The back title's letters (as wide as cells make them, they may spill past the
    // button's ends) stand on the button's colour, the title on the bar's.
    let onButton = row.filter { $0.character.isLetter && $0.background == button }
    #expect(onButton.count >= 6, "\(text)")
    let happiness = try #require(text.range(of: "Happiness"))
    let h = text.distance(from: text.startIndex, to: happiness.lowerBound)
    #expect(row[h].background == bar && row[h].foreground == white)
  }

  @Test func withoutColourThePlainLookStays() throws {
    let pane = try TmuxPane()
    try pane.type("NO_COLOR=1 COLORTERM=truecolor \(binary) play \(seed)")
    let menu = try pane.waitFor("flaying")
    try pane.press(try #require(keyShown(for: "bite", in: menu)))
    let lines = try pane.waitFor("happiness 70")
    #expect(lines[0].contains("‹ Psychologist [b]"))
    #expect(lines[1].filter { $0 == "─" }.count == 100)
    let cells = coloredCells(
      try pane.tmux(["capture-pane", "-N", "-e", "-p", "-t", pane.name]).out)
    #expect(cells.joined().allSatisfy { $0.background == nil }, "no background anywhere")
    try pane.press("q")
  }
}
