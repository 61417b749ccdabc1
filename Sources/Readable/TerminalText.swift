/// Characters that must never reach a terminal as they are, from text a script or a data
/// file chose (names, titles, ids, messages, `print`): the C0 and C1 controls and DEL (ESC
/// above all, which could recolour, retitle or clear the user's terminal, or write to its
/// clipboard), and the bidirectional controls and separators (U+202E RIGHT-TO-LEFT OVERRIDE
/// makes `gpj.exe` read as `exe.jpg`; U+2028 breaks a line where none shows).
public func isTerminalControl(_ v: UInt32) -> Bool {
  switch v {
  case 0..<0x20, 0x7F...0x9F: return true
  case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
  default: return false
  }
}

/// Text made safe for a terminal: every `isTerminalControl` character shown as an escape
/// (`\x1b`, `\u{202e}`), so the reader sees it and the terminal obeys none. Newlines and
/// tabs stay when `lines` is true.
public func terminalSafe(_ text: String, lines: Bool = false) -> String {
  // The usual text has nothing to escape: return it as it is.
  if !text.unicodeScalars.contains(where: { isTerminalControl($0.value) }) { return text }
  var out = ""
  for scalar in text.unicodeScalars {
    let v = scalar.value
    if !isTerminalControl(v) || lines && (v == 0x0A || v == 0x09) {
      out.unicodeScalars.append(scalar)
    } else if v == 0x0A {
      out += "\\n"
    } else if v <= 0xFF {
      let hex = String(v, radix: 16)
      out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
    } else {
      out += "\\u{" + String(v, radix: 16) + "}"
    }
  }
  return out
}

/// Cells a character takes in a terminal: 0 for combining marks and zero-width characters,
/// 2 for East Asian wide and emoji ranges, else 1. (The renderer's text, play's screen and
/// the terminal sheet's labels all count so.) Inlinable: a transition asks it of every cell
/// of every frame.
@inlinable
public func terminalCellWidth(_ v: UInt32) -> Int {
  switch v {
  case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
  case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
    return 2
  default: return 1
  }
}
