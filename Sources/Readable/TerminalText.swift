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
