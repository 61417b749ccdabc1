import Foundation
import TestSupport
import Testing

/// `play` on an iPad in portrait: the detail's bar button shows the menu in its panel at the
/// left edge (by its key and by a click), a diagnosis there fills the detail, a popover
/// hangs from the bar button with its arrow, and rotating keeps what is shown.
@Suite struct SplitViewPlayTests {
  @Test func theBarButtonOpensTheMenuByKeyAndByClick() throws {
    let pane = try TmuxPane()
    // The plain look, whose labels are read here (PlayChromeColorTests reads the colours).
    try pane.type(
      "\(binary) play examples/ipad.lua --device ipad --orientation portrait --color never")
    // The status bar reads iOS's 9:41 AM, not the device's name.
    var lines = try pane.waitFor("9:41 AM")
    // The menu is hidden: the bar button says where it is.
    #expect(lines[0].hasPrefix(" Psychologist [m]"))
    #expect(!lines.contains { $0.contains("] flaying") })
    try pane.press("m")
    // The end of the panel's slide (a frame half-way may show part of the menu).
    lines = try pane.waitFor("the whole menu in its panel") { lines in
      ["flaying", "bite", "teleplay", "cartoon"].allSatisfy { keyShown(for: $0, in: lines) != nil }
        && lines.contains { $0.hasPrefix(" ┌") }
    }
    // A box from the top row (over the bar and its button, as iOS 5.1's panel was) at the
    // left edge, with no arrow.
    let top = try #require(lines.firstIndex { $0.contains("┌") })
    #expect(top == 0 && lines[top].hasPrefix(" ┌") && !lines.contains { $0.contains("▲") })
    try pane.press(try #require(keyShown(for: "bite", in: lines)))
    lines = try pane.waitFor("the face alone") { lines in
      statusLine(lines).contains("happiness 70") && !lines.contains { $0.contains("┌") }
    }
    #expect(!lines.contains { $0.contains("] flaying") })  // the popover is gone
    #expect(brailleBox(lines) != nil)

    // A click on the bar button (SGR reports are 1-based): the menu again.
    try pane.sendBytes("\u{1B}[<0;4;1M\u{1B}[<0;4;1m")
    lines = try pane.waitFor("the menu again") { lines in
      ["flaying", "teleplay", "cartoon"].allSatisfy { keyShown(for: $0, in: lines) != nil }
        && lines.contains { $0.hasPrefix(" ┌") }
    }
    try pane.press(try #require(keyShown(for: "teleplay", in: lines)))
    // The popover hangs from the bar button (the menu's popover closed first): its arrow
    // under the button's middle, which (the button as wide as "Psychologist" in bold 12 pt)
    // is the box's second column, just left of its title: "┌▲ Happiness ──".
    lines = try pane.waitFor("the popover from the bar button") { lines in
      statusLine(lines).contains("happiness 20")
        && lines.contains {
          $0.contains("┌▲ Happiness") || $0.contains("┌─ Happiness") && $0.contains("▲")
        }
    }
    try pane.press("b")
    lines = try pane.waitFor("the face alone again") { lines in
      statusLine(lines).contains("happiness 70") && !lines.contains { $0.contains("┌") }
    }
    // Landscape shows the master beside the face; portrait again hides it; the face stays.
    try pane.press("r")
    lines = try pane.waitFor("master and detail") { lines in
      keyShown(for: "flaying", in: lines) != nil && !lines[0].contains("[m]")
    }
    #expect(brailleBox(lines) != nil)
    try pane.press("r")
    lines = try pane.waitFor("portrait again") { lines in
      lines[0].hasPrefix(" Psychologist [m]") && !lines.contains { $0.contains("] flaying") }
    }
    #expect(!lines.contains { $0.contains("] flaying") })
    #expect(statusLine(lines).contains("happiness 70"))
    try pane.press("q")
    try pane.waitForMainScreen()
  }
}
