// How many columns text takes in a terminal, as the terminal itself counts them: glibc's
// `wcwidth` in the C.UTF-8 locale (built into glibc, so the answer never depends on the
// user's LANG or LC_ALL), by grapheme cluster. Every terminal path counts with this: the
// renderer's text, play's screen and transitions, the terminal sheet, and the CLI's aligned
// columns.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// glibc's `wcwidth`: its header declares it only under _XOPEN_SOURCE, which Swift's Glibc
/// module is not built with, so it is named here (a plain C function of an int).
@_silgen_name("wcwidth")
private func systemWcwidth(_ c: Int32) -> Int32

/// Display columns of text in a terminal.
public enum TerminalCells {
  /// The C.UTF-8 locale, opened once: wcwidth answers for Unicode only under a UTF-8 locale.
  nonisolated(unsafe) static let utf8: locale_t? = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

  /// Columns one character takes on its own: 0 for marks, joiners and variation selectors, 2
  /// for East Asian Wide and Fullwidth characters and emoji, 1 otherwise (a control or a
  /// character the locale does not know counts 1, as the escape it is shown as begins).
  public static func of(scalar v: UInt32) -> Int {
    if v < 0x7F { return 1 }
    if v < 0xA0 { return 1 }
    if v < 0x300 { return 1 }
    guard let utf8 else { return 1 }
    let previous = uselocale(utf8)
    let w = systemWcwidth(Int32(bitPattern: v))
    uselocale(previous)
    return w < 0 ? 1 : Int(w)
  }

  /// Columns a grapheme cluster takes: its first spacing character's; the marks, joiners and
  /// joined characters after it draw on it (tmux and glibc ignore U+FE0F's presentation).
  public static func of(_ cluster: Character) -> Int {
    var w = 0
    for s in cluster.unicodeScalars {
      w = of(scalar: s.value)
      if w > 0 { break }
    }
    return w
  }

  /// Columns `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    var n = 0
    for c in text { n += of(c) }
    return n
  }

  /// `text` padded with spaces at the end to `columns` (as it is when already that wide).
  public static func padded(_ text: String, to columns: Int) -> String {
    let n = of(text)
    return n >= columns ? text : text + String(repeating: " ", count: columns - n)
  }
}

/// Cells a character takes in a terminal (0, 1 or 2): `TerminalCells.of(scalar:)`. Kept
/// for the cell grids, which hold one character a cell.
@inlinable
public func terminalCellWidth(_ v: UInt32) -> Int {
  v < 0x300 ? 1 : TerminalCells.of(scalar: v)
}
