import PlayUI
import Render
import Testing

@Test func playMessagesShowNoControlOrBidiCharacter() throws {
  // What a script prints or raises shows on play's screen: a right-to-left override or an
  // ESC there would reorder or recolour the user's terminal.
  let screen = PlayScreen(
    columns: 60, rows: 10, colors: .none, message: "print: \u{202E}gpj.exe \u{1B}[2J done")
  let frame = try screen.compose(nil)
  let text = String(decoding: Array(frame.lines().joined(separator: [0x0A])), as: UTF8.self)
  #expect(text.contains("gpj.exe"))
  // The screen's own styles are escape sequences; the message's ESC is not among them.
  #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
  #expect(!text.contains("\u{1B}[2J") && text.contains("[2J done"))
}
