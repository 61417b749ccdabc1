// Drawing -> terminal cells: the drawing rasterised into dots (DotRaster), the dots made
// cells (DotCells); TerminalEncoder writes the cells as bytes. A round area of colour (a
// face's fill) paints its cells' background, since dots alone cannot show an area.

/// Draws a `Drawing` as terminal cells.
public enum TerminalRenderer {
  /// The drawing fitted into `columns`×`rows` cells (aspect kept, centred, each size
  /// clamped to 0…`maxColumns`/`maxRows`): braille dots, or with `ascii` only ASCII
  /// characters. With `paintsBackgrounds` (colours are on) a round area of colour gives
  /// the cells it covers its background; without, it would not show.
  public static func cells(
    _ d: Drawing, columns: Int, rows: Int, ascii: Bool, paintsBackgrounds: Bool
  ) -> CellGrid {
    let columns = min(max(columns, 0), maxColumns)
    let rows = min(max(rows, 0), maxRows)
    var raster = Raster(
      columns: columns, rows: rows, ascii: ascii, paintsBackgrounds: paintsBackgrounds)
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
