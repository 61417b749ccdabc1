import Foundation
import PlayUI
import Psychologist
import Storyboard
import TestSupport
import Testing

/// In `play` a popover never covers the button it hangs from, whatever the terminal's size:
/// the popover is placed in points, and the terminal spaces the menu's rows its own way.
@Suite struct PopoverCellsTests {
  static let script = """
    diagnosis "flaying" { happiness = 86 }
    diagnosis "bite" { happiness = 70 }
    diagnosis "play" { happiness = 20 }
    segue "showDiagnosis" {
      kind = { iphone = "push", ipad = "replace" },
      happiness = function(ctx) return ctx.diagnosis end,
    }
    segue "movie" { kind = "replace", happiness = 50 }
    segue "teleplay" { kind = "popover", happiness = 20, size = { width = 320, height = 320 } }
    segue "cartoon" { kind = "modal", happiness = 100 }
    """

  static let sizes: [(columns: Int, rows: Int)] = [(100, 24), (80, 30), (120, 40), (200, 60)]

  /// The characters of row `r` of `frame`.
  func row(_ frame: Frame, _ r: Int) -> String {
    String(
      String.UnicodeScalarView(
        frame.grid.characters[(r * frame.columns)..<((r + 1) * frame.columns)].map {
          Unicode.Scalar($0) ?? "?"
        }))
  }

  @Test(arguments: Orientation.allCases)
  func thePopoverLeavesItsButtonInSight(orientation: Orientation) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/p.lua", PopoverCellsTests.script)
    let script = try Script(path: folder + "/p.lua")
    try script.load()
    for size in PopoverCellsTests.sizes {
      let session = try Session(script: script, device: .ipad, orientation: orientation)
      let screen = PlayScreen(columns: size.columns, rows: size.rows, colors: .none)
      let before = try screen.compose(session)
      let button = try #require(
        before.targets.last {
          switch $0.kind {
          case .barButton: return orientation == .portrait
          case .button("teleplay"): return orientation == .landscape
          default: return false
          }
        }, "\(size)")
      let label = row(before, button.rect.top)
      // In portrait the menu is behind the bar button, and its panel covers the button; the
      // panel closes when teleplay's popover opens, which then hangs from the bar button.
      if orientation == .portrait { try session.showMaster() }
      try session.tap("teleplay")
      let after = try screen.compose(session)
      let what = "\(orientation) \(size.columns)×\(size.rows)"
      // The button's row reads as before where the button is: no box drawn over it.
      let was = Array(label.unicodeScalars)[button.rect.left..<button.rect.right]
      let now = Array(row(after, button.rect.top).unicodeScalars)[
        button.rect.left..<button.rect.right]
      #expect(
        String(String.UnicodeScalarView(was)) == String(String.UnicodeScalarView(now)), "\(what)")
      // The popover's box is there, with its arrow.
      let text = (0..<after.rows).map { row(after, $0) }.joined(separator: "\n")
      #expect(text.contains("┌") && text.contains("┘"), "\(what)")
      #expect(text.contains("▲") || text.contains("▼"), "\(what)")
    }
  }
}
