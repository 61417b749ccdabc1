// The face in the terminal, compared with golden files that were looked at by a person
// (they must show a round face). Set PSY_UPDATE_GOLDEN=1 to rewrite them.

import Face
import Foundation
import Geometry
import Render
import Testing

let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Golden")

func seedFace(_ happiness: Double) throws -> Drawing {
  try faceGeometry(
    state: FaceState(happiness: happiness), style: .seed,
    bounds: Rect(x: 0, y: 0, width: 320, height: 480)
  )
  .drawing(width: 320, height: 480)
}

func checkGolden(_ name: String, _ text: String) throws {
  let url = goldenDirectory.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["PSY_UPDATE_GOLDEN"] == "1" {
    try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }
  let golden = try String(contentsOf: url, encoding: .utf8)
  #expect(text == golden, "\(name) differs from the golden file:\n\(text)")
}

@Test func brailleFaceMatchesGolden() throws {
  try checkGolden(
    "face-70-braille-64x24.txt",
    TerminalRenderer.render(try seedFace(70), columns: 64, rows: 24, colors: .none, ascii: false))
}

@Test func asciiFaceMatchesGolden() throws {
  try checkGolden(
    "face-20-ascii-64x24.txt",
    TerminalRenderer.render(try seedFace(20), columns: 64, rows: 24, colors: .none, ascii: true))
}

@Test func terminalFaceBytes() throws {
  let d = try seedFace(100)
  let ascii = TerminalRenderer.render(d, columns: 80, rows: 24, colors: .ansi256, ascii: true)
  #expect(ascii.utf8.allSatisfy { $0 < 0x80 })
  #expect(ascii.utf8.contains(0x1B))
  let plain = TerminalRenderer.render(d, columns: 80, rows: 24, colors: .none, ascii: false)
  #expect(!plain.utf8.contains(0x1B))
  let colour = TerminalRenderer.render(d, columns: 80, rows: 24, colors: .truecolor, ascii: false)
  #expect(colour.contains("\u{1B}[38;2;0;0;255m"))
  #expect(
    TerminalRenderer.lines(d, columns: 80, rows: 24, colors: .none, ascii: false).allSatisfy {
      $0.count == 80
    })
}

@Test func smileAndFrownDifferInTheTerminal() throws {
  let happy = TerminalRenderer.lines(
    try seedFace(100), columns: 64, rows: 24, colors: .none, ascii: true)
  let sad = TerminalRenderer.lines(
    try seedFace(0), columns: 64, rows: 24, colors: .none, ascii: true)
  // Rows with marks in the middle column: the head's top, the mouth's middle, the chin.
  func mouthRow(_ lines: [String]) -> Int? {
    let marked = lines.indices.filter { Array(lines[$0])[32] != " " }
    return marked.count >= 3 ? marked[1] : nil
  }
  let happyRow = try #require(mouthRow(happy)), sadRow = try #require(mouthRow(sad))
  #expect(happyRow > sadRow, "the smiling mouth's middle is lower")
}

@Test func thickStrokesAtLargeSizes() throws {
  // At 160×48 cells a point is 0.4 dots, so the 5-point stroke is 2 dots thick: the
  // head's left side is a run of 2 lit dots in the dot row through the centre.
  let lines = TerminalRenderer.lines(
    try seedFace(50), columns: 160, rows: 48, colors: .none, ascii: false)
  let middleRow = Array(lines[24])
  var dots: [Int] = []
  let left: [UInt32] = [0x01], right: [UInt32] = [0x08]  // the cells' top dot row: y = 96
  for (column, c) in middleRow.enumerated() {
    let v = c.unicodeScalars.first!.value
    guard v >= 0x2800 && v <= 0x28FF else { continue }
    if left.contains(where: { (v - 0x2800) & $0 != 0 }) { dots.append(column * 2) }
    if right.contains(where: { (v - 0x2800) & $0 != 0 }) { dots.append(column * 2 + 1) }
  }
  // Head: centre x = 160 dots, radius 57.6 dots; leftmost lit dots near 160 - 57.6.
  let leftRun = dots.filter { $0 < 110 }
  #expect(leftRun.count == 2, "\(leftRun)")
  #expect(leftRun.allSatisfy { abs(Double($0) + 0.5 - (160 - 57.6)) <= 1.5 }, "\(leftRun)")
}
