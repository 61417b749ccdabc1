// Terminal output read back as a terminal shows it: each visible cell with the colours in
// force there, worked out from the SGR codes (a reference reader for the renderer's tests).

/// One visible character and the SGR colour parameters in force at it.
public struct TerminalCell: Sendable {
  /// The character shown.
  public var scalar: Unicode.Scalar
  /// The foreground parameters ("38;5;21", "38;2;0;0;255", "34"), "" for the default.
  public var fore: String
  /// The background parameters ("48;5;224", "47"), "" for the default.
  public var back: String
  /// The attributes in force, in the order bold, faint, reverse: "", "1", "2;7", …
  public var attributes: String = ""
}

/// The visible cells of one line of terminal output, escape sequences applied in order:
/// `0` (or nothing) resets both colours, `39`/`49` reset one, `38`/`48` with `5;N` or
/// `2;R;G;B` set one, `3X`/`9X`/`4X`/`10X` set a basic colour, and `1`, `2`, `7` turn bold,
/// faint and reverse video on.
public func terminalCells(_ line: String) -> [TerminalCell] {
  var fore = "", back = ""
  var bold = false, faint = false, reverse = false
  var cells: [TerminalCell] = []
  var scalars = Array(line.unicodeScalars)[...]
  while let s = scalars.popFirst() {
    guard s == "\u{1B}" else {
      let attributes = [(bold, "1"), (faint, "2"), (reverse, "7")].filter(\.0).map(\.1)
      cells.append(
        TerminalCell(
          scalar: s, fore: fore, back: back, attributes: attributes.joined(separator: ";")))
      continue
    }
    var body = ""
    _ = scalars.popFirst()  // "["
    while let c = scalars.popFirst(), c != "m" { body.unicodeScalars.append(c) }
    let parts = body.split(separator: ";", omittingEmptySubsequences: false)
    var i = 0
    while i < parts.count {
      let p = parts[i]
      switch p {
      case "0", "": (fore, back, bold, faint, reverse) = ("", "", false, false, false)
      case "1": bold = true
      case "2": faint = true
      case "7": reverse = true
      case "39": fore = ""
      case "49": back = ""
      case "38", "48":
        let n = i + 1 < parts.count && parts[i + 1] == "5" ? 2 : 4
        let value = parts[i...min(i + n, parts.count - 1)].joined(separator: ";")
        if p == "38" { fore = value } else { back = value }
        i += n
      case _ where p.hasPrefix("3") || p.hasPrefix("9"): fore = String(p)
      case _ where p.hasPrefix("4") || p.hasPrefix("10"): back = String(p)
      default: break
      }
      i += 1
    }
  }
  return cells
}
