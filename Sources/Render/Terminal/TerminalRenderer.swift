// Drawing -> terminal cells: the drawing rasterised into dots (DotRaster), the dots made
// cells (DotCells); TerminalEncoder writes the cells as bytes. A round area of colour (a
// face's fill) paints its cells' background, since dots alone cannot show an area.

/// Terminal drawing that stopped before it was done because its caller's deadline passed:
/// a drawing of many wide strokes on a large grid is long work a script can ask for.
public struct DrawingStopped: Error, Sendable {}

/// Draws a `Drawing` as terminal cells.
public enum TerminalRenderer {
  /// `cells`, looking between its items at the deadline its caller hands down: `expired`
  /// says whether it has passed, and then the drawing stops with `DrawingStopped`.
  public static func cells(
    _ d: Drawing, columns: Int, rows: Int, ascii: Bool, paintsBackgrounds: Bool,
    expired: () -> Bool
  ) throws(DrawingStopped) -> CellGrid {
    var raster = self.raster(columns, rows, ascii, paintsBackgrounds)
    guard raster.draw(d, expired: expired) else { throw DrawingStopped() }
    return raster.grid()
  }

  /// An empty raster of `columns`×`rows` cells, each size clamped to the most drawn.
  private static func raster(_ columns: Int, _ rows: Int, _ ascii: Bool, _ backgrounds: Bool)
    -> Raster
  {
    Raster(
      columns: min(max(columns, 0), maxColumns), rows: min(max(rows, 0), maxRows), ascii: ascii,
      paintsBackgrounds: backgrounds)
  }

  /// `bytes`, stopped with `DrawingStopped` once `expired` says the deadline has passed.
  public static func bytes(
    _ d: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool, expired: () -> Bool
  ) throws(DrawingStopped) -> [UInt8] {
    TerminalEncoder(colors: colors).encode(
      try cells(
        d, columns: columns, rows: rows, ascii: ascii, paintsBackgrounds: colors != .none,
        expired: expired))
  }

  /// Bytes of memory drawing `columns`×`rows` cells holds at most besides the drawing: the
  /// raster's cells, colours, backgrounds and text, the grid made of them and the encoded
  /// bytes (a colour code and a multi-byte character a cell at worst), for a caller that
  /// charges the work to a memory limit before it starts.
  public static func workingBytes(columns: Int, rows: Int) -> Int {
    let cells = min(max(columns, 0), maxColumns) * min(max(rows, 0), maxRows)
    return cells * 64
  }

  /// The drawing fitted into `columns`×`rows` cells (aspect kept, centred, each size
  /// clamped to 0…`maxColumns`/`maxRows`): braille dots, or with `ascii` only ASCII
  /// characters. With `paintsBackgrounds` (colours are on) a round area of colour gives
  /// the cells it covers its background; without, it would not show.
  public static func cells(
    _ d: Drawing, columns: Int, rows: Int, ascii: Bool, paintsBackgrounds: Bool
  ) -> CellGrid {
    var raster = self.raster(columns, rows, ascii, paintsBackgrounds)
    raster.draw(d)
    return raster.grid()
  }

  /// The drawing's cells (see `cells`) as exactly `rows` lines of exactly `columns` visible
  /// cells each. ANSI colour codes appear only when `colors` is not `.none`, and every
  /// line that sets a colour ends with a reset.
  public static func lines(_ d: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool)
    -> [String]
  {
    TerminalEncoder(colors: colors).lines(
      cells(d, columns: columns, rows: rows, ascii: ascii, paintsBackgrounds: colors != .none)
    ).map { String(decoding: $0, as: UTF8.self) }
  }

  /// `lines` joined with newlines, with a trailing newline (empty for no rows).
  public static func render(_ d: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool)
    -> String
  {
    String(
      decoding: bytes(d, columns: columns, rows: rows, colors: colors, ascii: ascii), as: UTF8.self)
  }

  /// `render` as UTF-8 bytes.
  public static func bytes(_ d: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool)
    -> [UInt8]
  {
    TerminalEncoder(colors: colors).encode(
      cells(d, columns: columns, rows: rows, ascii: ascii, paintsBackgrounds: colors != .none))
  }

  /// The most columns drawn: a wider terminal (or `COLUMNS`) gets this many, so a size
  /// from the environment cannot make the raster take gigabytes.
  public static let maxColumns = 1000
  /// The most rows drawn (see `maxColumns`).
  public static let maxRows = 1000
}
