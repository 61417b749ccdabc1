// Input for `play`: terminal bytes -> keys and mouse events, and keys -> what they do.
// Pure code (no I/O), so the tables can be checked without a terminal.

/// A mouse event reported in SGR (1006) mode: `ESC [ < b ; x ; y M` (press, motion) or `m`
/// (release). Columns and rows are 0-based here (the terminal sends 1-based ones).
package struct MouseEvent: Equatable {
  /// What happened.
  package enum Kind: Equatable {
    case press, drag, release, wheelUp, wheelDown
  }
  package var kind: Kind
  /// The button: 0 left, 1 middle, 2 right (for press, drag and release).
  package var button: Int
  package var column: Int
  package var row: Int

  /// An event of `kind` with `button` at a 0-based cell.
  package init(kind: Kind, button: Int, column: Int, row: Int) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
  }
}

/// One thing the user did at the terminal.
package enum Key: Equatable {
  case character(Character)
  case up, down, left, right
  /// Page Up and Page Down (`ESC [ 5 ~`, `ESC [ 6 ~`).
  case pageUp, pageDown
  case enter, backspace, escape, interrupt
  /// Ctrl-Z: raw mode turns off the terminal's SIGTSTP, so play suspends itself.
  case suspend
  case mouse(MouseEvent)
  /// An escape sequence or control byte that means nothing here.
  case unknown
}

/// Splits terminal input into keys. Incomplete sequences at the end stay unconsumed unless
/// `final` (no more bytes came in time): then a lone ESC is the Escape key.
package func parseKeys(_ bytes: [UInt8], final: Bool) -> (keys: [Key], consumed: Int) {
  var keys: [Key] = []
  var i = 0
  while i < bytes.count {
    let b = bytes[i]
    switch b {
    case 0x1B:
      guard let (key, length) = escapeSequence(bytes, at: i) else {
        if !final { return (keys, i) }
        keys.append(.escape)
        i += 1
        continue
      }
      keys.append(key)
      i += length
    case 0x03:
      keys.append(.interrupt)
      i += 1
    case 0x1A:
      keys.append(.suspend)
      i += 1
    case 0x7F, 0x08:
      keys.append(.backspace)
      i += 1
    case 0x0D, 0x0A:
      keys.append(.enter)
      i += 1
    case 0x00..<0x20:
      keys.append(.unknown)
      i += 1
    case 0x20..<0x80:
      keys.append(.character(Character(Unicode.Scalar(b))))
      i += 1
    default:
      // UTF-8: the lead byte gives the length.
      let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
      if i + length > bytes.count {
        if !final { return (keys, i) }
        keys.append(.unknown)
        i = bytes.count
        continue
      }
      let text = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
      keys.append(text.count == 1 ? .character(text.first!) : .unknown)
      i += length
    }
  }
  return (keys, i)
}

/// The key an escape sequence at `start` means and its length, or nil when it is not
/// complete yet (or ESC stands alone at the end).
private func escapeSequence(_ bytes: [UInt8], at start: Int) -> (Key, Int)? {
  let rest = bytes.count - start
  guard rest >= 2 else { return nil }
  let introducer = bytes[start + 1]
  if introducer == 0x4F {  // ESC O A: arrows in application cursor mode
    guard rest >= 3 else { return nil }
    return (arrow(bytes[start + 2]) ?? .unknown, 3)
  }
  guard introducer == 0x5B else {
    // ESC then another key (Alt+key, or Esc pressed twice): Escape, then that key.
    return (.escape, 1)
  }
  // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final byte 0x40–0x7E.
  var j = start + 2
  while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
  guard j < bytes.count else { return rest > 64 ? (.unknown, rest) : nil }
  let final = bytes[j]
  let length = j - start + 1
  guard (0x40...0x7E).contains(final) else { return (.unknown, length) }
  let parameters = Array(bytes[(start + 2)..<j])
  if parameters.first == 0x3C, final == 0x4D || final == 0x6D {  // ESC [ < … M / m
    return (
      mouse(parameters.dropFirst(), release: final == 0x6D).map(Key.mouse) ?? .unknown, length
    )
  }
  if let key = arrow(final), parameters.isEmpty || parameters == Array("1;1".utf8) {
    return (key, length)
  }
  if final == 0x7E, parameters == [0x33] { return (.backspace, length) }  // Delete: ESC [ 3 ~
  if final == 0x7E, parameters == [0x35] { return (.pageUp, length) }  // ESC [ 5 ~
  if final == 0x7E, parameters == [0x36] { return (.pageDown, length) }  // ESC [ 6 ~
  return (.unknown, length)
}

private func arrow(_ b: UInt8) -> Key? {
  switch b {
  case 0x41: return .up
  case 0x42: return .down
  case 0x43: return .right
  case 0x44: return .left
  default: return nil
  }
}

/// `b;x;y` of an SGR mouse report.
private func mouse(_ parameters: ArraySlice<UInt8>, release: Bool) -> MouseEvent? {
  let fields = String(decoding: parameters, as: UTF8.self).split(separator: ";")
  guard fields.count == 3, let b = Int(fields[0]), let x = Int(fields[1]), let y = Int(fields[2])
  else { return nil }
  let column = x - 1, row = y - 1
  if b & 64 != 0 {
    return MouseEvent(kind: b & 1 == 0 ? .wheelUp : .wheelDown, button: 0, column: column, row: row)
  }
  let kind: MouseEvent.Kind = release ? .release : b & 32 != 0 ? .drag : .press
  return MouseEvent(kind: kind, button: b & 3, column: column, row: row)
}

// MARK: Keys -> actions

/// What a key does in `play`.
package enum PlayAction: Equatable {
  case tap(String)
  case pan(Double)
  case pinch(Double)
  case rotate
  /// The detail's bar button (iPad portrait): the master in a popover.
  case showMaster
  case back
  case quit
  /// Scrolls the menu this many screenfuls on (back when negative): PgDn, PgUp.
  case page(Int)
  /// Scrolls the menu this many rows on (back when negative): the wheel over the menu.
  case scroll(Int)
}

/// Letters the commands take, so buttons never get them.
package let commandLetters: Set<Character> = ["b", "j", "k", "m", "q", "r"]

/// The keys of `count` buttons: 1–9, then letters no command uses.
package func buttonKeys(_ count: Int) -> [Character] {
  let pool =
    Array("123456789") + "abcdefghijklmnopqrstuvwxyz".filter { !commandLetters.contains($0) }
  return Array(pool.prefix(count))
}

/// How many buttons can have a key: a page of play's menu holds no more.
package let buttonKeyCount = buttonKeys(.max).count

/// The action of a key, given the buttons the keys tap (the menu's page on screen,
/// `Frame.keyedButtons`; none when the menu cannot be tapped). Pan and pinch steps are the
/// seed's gestures in small doses; PgUp and PgDn (or < and >) turn the menu's page.
package func action(for key: Key, buttons: [String]) -> PlayAction? {
  switch key {
  case .up: return .pan(-20)
  case .down: return .pan(20)
  case .backspace, .escape: return .back
  case .pageUp: return .page(-1)
  case .pageDown: return .page(1)
  case .interrupt: return .quit
  case .character(let c):
    switch c {
    case "k": return .pan(-20)
    case "j": return .pan(20)
    case "+", "=": return .pinch(1.1)
    case "-", "_": return .pinch(1 / 1.1)
    case "r": return .rotate
    case "m": return .showMaster
    case "b": return .back
    case "q": return .quit
    case "<": return .page(-1)
    case ">": return .page(1)
    default:
      if let index = buttonKeys(buttons.count).firstIndex(of: c) { return .tap(buttons[index]) }
      return nil
    }
  default: return nil
  }
}
