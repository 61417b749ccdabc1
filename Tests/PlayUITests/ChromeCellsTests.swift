import Foundation
import PlayUI
import Psychologist
import Render
import Storyboard
import TestSupport
import Testing

/// The chrome's cells follow the theme (issue 34): iOS 6's bordered back button and its
/// bar's colour, iOS 7's plain "‹ title" (examples/plugins/ios7.lua), and no colour at all
/// when colour is off.
@Suite struct ChromeCellsTests {
  /// The package's folder (the examples are read from it).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The seed app after a tap of bite, drawn at 100 × 40 in `colors` and `theme`.
  func bite(theme: String?, _ colors: ColorMode) throws -> Frame {
    var options = ScriptOptions()
    options.plugins = [ChromeCellsTests.root + "/examples/plugins/ios7.lua"]
    options.theme = theme
    let script = try Script(
      path: ChromeCellsTests.root + "/examples/psychologist.lua", options: options)
    try script.load()
    let session = try Session(script: script, device: .iphone, orientation: .portrait)
    try session.tap("bite")
    return try PlayScreen(columns: 100, rows: 40, colors: colors).compose(session)
  }

  func text(_ frame: Frame, _ row: Int) -> String {
    String(
      String.UnicodeScalarView(
        frame.grid.characters[(row * frame.columns)..<((row + 1) * frame.columns)].map {
          Unicode.Scalar($0) ?? "?"
        }))
  }

  @Test func iOS6sBackButtonIsABorderedRunOnTheBar() throws {
    let frame = try bite(theme: nil, .truecolor)
    let row = text(frame, 0)
    #expect(row.hasPrefix(" ◀ Psychologist ▌[b]"), "\(row)")
    // Theme.ios6's colours, written out: the bar's gradient bottom, the button's.
    let bar = TerminalColor.rgb(Color(r: 109, g: 132, b: 162))
    let button = TerminalColor.rgb(Color(r: 76, g: 101, b: 137))
    #expect(frame.grid.style(0, 0).background == bar)
    #expect(frame.grid.style(5, 0).background == button && frame.grid.style(5, 0).bold)
    // The ends: the arrow's point and the rounded right, the button's colour on the bar's.
    for c in [1, 16] {
      #expect(frame.grid.style(c, 0).foreground == button, "column \(c)")
      #expect(frame.grid.style(c, 0).background == bar, "column \(c)")
    }
    #expect((0..<100).allSatisfy { frame.grid.style($0, 1).background == bar })
  }

  @Test func iOS7sBackButtonIsPlainTintedText() throws {
    let frame = try bite(theme: "ios7", .truecolor)
    let row = text(frame, 0)
    #expect(row.hasPrefix(" ‹ Psychologist [b]"), "\(row)")
    // ios7.lua's tint on its own bar's colour: no run of the button's own colour.
    let tint = TerminalColor.rgb(Color(r: 0, g: 122, b: 255))
    let style = frame.grid.style(3, 0)
    #expect(style.foreground == tint && style.background == frame.grid.style(0, 0).background)
    #expect(!style.bold)
  }

  @Test func withoutColourNoCellHasAColour() throws {
    let frame = try bite(theme: nil, .none)
    #expect(text(frame, 0).hasPrefix(" ‹ Psychologist [b]"))
    #expect(text(frame, 1).allSatisfy { $0 == "─" })
    #expect(frame.grid.styles.allSatisfy { $0.background == nil })
    #expect(frame.grid.style(0, frame.rows - 1).reverse)
  }
}
