import PlayUI
import Testing

/// The key table of `play`, checked against the bytes a terminal sends (from xterm's
/// control-sequence documentation, not from our parser).
@Suite struct Keys {
  @Test func arrowsLettersAndControlBytes() {
    let bytes: [UInt8] = [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x31, 0x2B, 0x7F, 0x03, 0x71]
    let (keys, consumed) = parseKeys(bytes, final: true)
    #expect(consumed == bytes.count)
    #expect(
      keys == [
        .up, .down, .character("1"), .character("+"), .backspace, .interrupt, .character("q"),
      ])
  }

  /// Ctrl-Z is 0x1A (control-Z, 'Z' 0x5A minus 0x40) in raw mode, where no SIGTSTP comes.
  @Test func ctrlZSuspends() {
    #expect(parseKeys([0x1A], final: true).keys == [.suspend])
    #expect(action(for: .suspend, buttons: ["bite"]) == nil, "not a session action")
  }

  @Test func aLoneEscapeWaitsForMoreUnlessFinal() {
    #expect(parseKeys([0x1B], final: false).consumed == 0)
    #expect(parseKeys([0x1B], final: true).keys == [.escape])
  }

  @Test func sgrMouseIsZeroBased() {
    // ESC [ < 0 ; 10 ; 5 M: left press at column 10, row 5 (1-based); 64: wheel up
    let press = Array("\u{1B}[<0;10;5M".utf8)
    #expect(
      parseKeys(press, final: true).keys == [
        .mouse(MouseEvent(kind: .press, button: 0, column: 9, row: 4))
      ])
    let wheel = parseKeys(Array("\u{1B}[<64;1;1M".utf8), final: true).keys
    if case .mouse(let m)? = wheel.first {
      #expect(m.kind == .wheelUp)
    } else {
      Issue.record("no mouse event")
    }
  }

  @Test func buttonsGetDigitsThenLettersNoCommandUses() {
    let keys = buttonKeys(12)
    #expect(Array(keys.prefix(9)) == Array("123456789"))
    #expect(keys[9] == "a" && !keys.contains("b") && !keys.contains("j") && !keys.contains("k"))
    let buttons = ["flaying", "bite", "play"]
    #expect(action(for: .character("2"), buttons: buttons) == .tap("bite"))
    #expect(action(for: .character("4"), buttons: buttons) == nil)
    #expect(action(for: .up, buttons: buttons) == .pan(-20))  // pan up: happiness + 10
    #expect(action(for: .character("q"), buttons: buttons) == .quit)
    #expect(action(for: .escape, buttons: buttons) == .back)
  }
}
