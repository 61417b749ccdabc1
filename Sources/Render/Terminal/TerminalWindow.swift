// Terminal I/O: how many cells the terminal has, from the terminal itself (TIOCGWINSZ) or
// the environment. Nothing else here reads the system.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of the terminal a program writes to.
public enum TerminalWindow {
  /// The terminal's size: the `TIOCGWINSZ` of standard output when it is a terminal,
  /// else `COLUMNS`/`LINES` from `environment` when they are positive numbers, else 80×24;
  /// at most `TerminalRenderer.maxColumns`×`maxRows`.
  public static func size(environment: [String: String]) -> (columns: Int, rows: Int) {
    size(columns: environment["COLUMNS"], lines: environment["LINES"])
  }

  /// The terminal's size as `size(environment:)` finds it, given the values of `COLUMNS`
  /// and `LINES` (nil when unset).
  public static func size(columns: String?, lines: String?) -> (columns: Int, rows: Int) {
    let (maxColumns, maxRows) = (TerminalRenderer.maxColumns, TerminalRenderer.maxRows)
    if let (columns, rows) = size(fd: 1) {
      return (min(columns, maxColumns), min(rows, maxRows))
    }
    let columns = columns.flatMap { Int($0) } ?? 0
    let rows = lines.flatMap { Int($0) } ?? 0
    return (
      columns > 0 ? min(columns, maxColumns) : 80, rows > 0 ? min(rows, maxRows) : 24
    )
  }

  /// The size in cells of the terminal open on `fd` (`TIOCGWINSZ`), as it reports it; nil
  /// when `fd` is no terminal or reports a zero.
  public static func size(fd: Int32) -> (columns: Int, rows: Int)? {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var size = winsize()
      if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
        return (Int(size.ws_col), Int(size.ws_row))
      }
    #endif
    return nil
  }
}
