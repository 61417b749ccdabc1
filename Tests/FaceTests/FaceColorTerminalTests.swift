// `face_color` in the terminal: the head's cells take the palette colour as their
// background (braille dots alone cannot show an area), and nothing changes without colour.
// The expected escape codes are worked out here from the README's palette ends and the
// xterm colour cube, not asked of the renderer.

import Face
import Geometry
import Render
import TestSupport
import Testing

/// The seed face (happiness 50) in 320×480 with `face_color` at `value` (nil: none).
func colouredFace(_ value: Double?) throws -> Drawing {
  var state = try FaceState(happiness: 50)
  state.channels[.faceColor] = value
  return try faceGeometry(
    state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480)
  )
  .drawing(width: 320, height: 480)
}

/// The xterm 256-colour cube entry nearest `rgb`: each component to the nearest of the
/// cube's levels 0, 95, 135, 175, 215, 255, then 16 + 36·r + 6·g + b.
func xtermCube(_ rgb: (Int, Int, Int)) -> Int {
  let levels = [0, 95, 135, 175, 215, 255]
  func nearest(_ v: Int) -> Int {
    levels.indices.min { abs(levels[$0] - v) < abs(levels[$1] - v) }!
  }
  return 16 + 36 * nearest(rgb.0) + 6 * nearest(rgb.1) + nearest(rgb.2)
}

// The palette's ends as the README gives them: pale blue #ddeeff, pale red #ffcccc.
let paleBlue = (0xdd, 0xee, 0xff), paleRed = (0xff, 0xcc, 0xcc)

@Test func faceColorPaintsTheHeadsCellsInThePalettesColour() throws {
  let blue256 = "48;5;\(xtermCube(paleBlue))", red256 = "48;5;\(xtermCube(paleRed))"
  #expect(blue256 == "48;5;195" && red256 == "48;5;224")  // the cube worked by hand too
  let blueTrue = "48;2;221;238;255", redTrue = "48;2;255;204;204"
  for (mode, blue, red) in [
    (ColorMode.ansi256, blue256, red256), (.truecolor, blueTrue, redTrue),
  ] {
    let zero = TerminalRenderer.lines(
      try colouredFace(0), columns: 64, rows: 24, colors: mode, ascii: false)
    let one = TerminalRenderer.lines(
      try colouredFace(1), columns: 64, rows: 24, colors: mode, ascii: false)
    // The head is centred: the middle cell is inside it, the corner cell outside.
    let zeroStyles = zero.map(terminalCells), oneStyles = one.map(terminalCells)
    #expect(zeroStyles[12][32].back == blue, "\(mode): \(zeroStyles[12][32])")
    #expect(oneStyles[12][32].back == red, "\(mode): \(oneStyles[12][32])")
    #expect(zeroStyles[0][0].back == "" && oneStyles[0][0].back == "")
    #expect(!zero.joined().contains(red) && !one.joined().contains(blue))
    // Every line keeps its 64 cells, and one that paints a background ends in a reset.
    for line in zero + one {
      #expect(terminalCells(line).count == 64)
      if line.contains("48;") { #expect(line.hasSuffix("\u{1B}[0m")) }
    }
    // The outline's dots on the coloured cells stay the seed's blue (#0000ff).
    let stroke = mode == .ansi256 ? "38;5;\(xtermCube((0, 0, 255)))" : "38;2;0;0;255"
    let inked = oneStyles[12].filter { (0x2801...0x28FF).contains($0.scalar.value) }
    #expect(!inked.isEmpty && inked.allSatisfy { $0.fore == stroke })
    #expect(inked.contains { $0.back == red }, "the outline is drawn over the colour")
  }
}

@Test func withoutColourFaceColorChangesNothing() throws {
  for ascii in [false, true] {
    let plain = TerminalRenderer.render(
      try colouredFace(nil), columns: 64, rows: 24, colors: .none, ascii: ascii)
    for value in [0.0, 1.0] {
      let text = TerminalRenderer.render(
        try colouredFace(value), columns: 64, rows: 24, colors: .none, ascii: ascii)
      #expect(text == plain, "face_color \(value), ascii \(ascii)")
      #expect(!text.unicodeScalars.contains("\u{1B}"))
    }
  }
}
