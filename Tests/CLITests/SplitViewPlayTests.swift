import Foundation
import TestSupport
import Testing

/// `play` on an iPad in portrait: the detail's bar button shows the menu in a popover (by
/// its key and by a click), a diagnosis there fills the detail, a popover hangs from the
/// bar button with its arrow, and rotating keeps what is shown.
@Suite struct SplitViewPlayTests {
  @Test func theBarButtonOpensTheMenuByKeyAndByClick() throws {
    let pane = try TmuxPane()
    try pane.type("\(binary) play examples/ipad.lua --device ipad --orientation portrait")
    var lines = try pane.waitFor("ipad portrait")
    // The menu is hidden: the bar button says where it is.
    #expect(lines[0].hasPrefix(" Psychologist [m]"))
    #expect(!lines.contains { $0.contains("] flaying") })
    try pane.press("m")
    lines = try pane.waitFor("] flaying")
    // A box under the bar, its arrow on the top edge pointing up at the button.
    let top = try #require(lines.firstIndex { $0.contains("┌") })
    #expect(top == 2 && lines[top].contains("▲"))
    try pane.press(try #require(keyShown(for: "bite", in: lines)))
    lines = try pane.waitFor("happiness 70")
    #expect(!lines.contains { $0.contains("] flaying") })  // the popover is gone
    #expect(brailleBox(lines) != nil)

    // A click on the bar button (SGR reports are 1-based): the menu again.
    try pane.sendBytes("\u{1B}[<0;4;1M\u{1B}[<0;4;1m")
    lines = try pane.waitFor("] teleplay")
    try pane.press(try #require(keyShown(for: "teleplay", in: lines)))
    lines = try pane.waitFor("happiness 20")
    // The popover hangs from the bar button (the menu's popover closed first).
    #expect(lines.contains { $0.contains("┌─ Happiness") && $0.contains("▲") })
    try pane.press("b")
    lines = try pane.waitFor("happiness 70")

    // Landscape shows the master beside the face; portrait again hides it; the face stays.
    try pane.press("r")
    lines = try pane.waitFor("ipad landscape")
    #expect(lines.contains { $0.contains("] flaying") } && brailleBox(lines) != nil)
    try pane.press("r")
    lines = try pane.waitFor("ipad portrait")
    #expect(!lines.contains { $0.contains("] flaying") })
    #expect(statusLine(lines).contains("happiness 70"))
    try pane.press("q")
    try pane.waitForMainScreen()
  }
}
