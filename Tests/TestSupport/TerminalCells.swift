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
}

/// The visible cells of one line of terminal output, escape sequences applied in order:
/// `0` (or nothing) resets both colours, `39`/`49` reset one, `38`/`48` with `5;N` or
/// `2;R;G;B` set one, and `3X`/`9X`/`4X`/`10X` set a basic colour.
public func terminalCells(_ line: String) -> [TerminalCell] {
  var fore = "", back = ""
  var cells: [TerminalCell] = []
  var scalars = Array(line.unicodeScalars)[...]
  while let s = scalars.popFirst() {
    guard s == "\u{1B}" else {
      cells.append(TerminalCell(scalar: s, fore: fore, back: back))
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
      case "0", "": (fore, back) = ("", "")
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
