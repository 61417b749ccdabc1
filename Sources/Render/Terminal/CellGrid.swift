// A screen of terminal cells: a character and a style each. The renderer hands a drawing
// back as one; play's screen and the terminal sheet compose them (a face's grid placed in a
// screen's, text written into cells); TerminalEncoder alone turns one into bytes.

/// A rectangle of cells, half-open: columns left..<right, rows top..<bottom.
public struct CellRect: Equatable, Sendable {
  /// The first column.
  public var left: Int
  /// The first row.
  public var top: Int
  /// The column after the last.
  public var right: Int
  /// The row after the last.
  public var bottom: Int

  /// The rectangle of columns `left..<right` and rows `top..<bottom`.
  public init(left: Int, top: Int, right: Int, bottom: Int) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  /// Columns across (0 when empty).
  public var width: Int { max(right - left, 0) }
  /// Rows down (0 when empty).
  public var height: Int { max(bottom - top, 0) }

  /// Whether the cell (`column`, `row`) lies inside.
  public func contains(_ column: Int, _ row: Int) -> Bool {
    column >= left && column < right && row >= top && row < bottom
  }

  /// The part inside a grid of `columns`×`rows` cells.
  public func clipped(_ columns: Int, _ rows: Int) -> CellRect {
    let l = min(max(left, 0), columns), t = min(max(top, 0), rows)
    return CellRect(
      left: l, top: t, right: max(min(right, columns), l), bottom: max(min(bottom, rows), t))
  }

  /// Smaller by `n` cells on every side.
  public func inset(_ n: Int) -> CellRect {
    CellRect(left: left + n, top: top + n, right: right - n, bottom: bottom - n)
  }
}

/// `columns`×`rows` cells, row by row: each a Unicode scalar value (or `continuation`, the
/// right half of a wide character) and the index of its style in `styles`.
public struct CellGrid: Sendable {
  /// Cells across.
  public let columns: Int
  /// Cells down.
  public let rows: Int
  /// Each cell's character, row by row. (Writable, for a composite that copies cells
  /// between grids a row at a time; `set` and `write` are the checked way.)
  public var characters: [UInt32]
  /// Each cell's style: an index into `styles`, which whoever writes one must keep it.
  public var styleIndices: [UInt16]
  /// The styles the cells use; index 0 is `CellStyle.plain`.
  public private(set) var styles: [CellStyle] = [.plain]
  private var lookup: [CellStyle: UInt16] = [.plain: 0]

  /// Marks the cell covered by the right half of a wide character.
  public static let continuation: UInt32 = 0xFFFF_FFFF

  /// A grid of blanks in the terminal's own look.
  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    characters = [UInt32](repeating: 0x20, count: self.columns * self.rows)
    styleIndices = [UInt16](repeating: 0, count: self.columns * self.rows)
  }

  /// A grid of the given cells (the renderer's); `styles` begins with `.plain`.
  init(
    columns: Int, rows: Int, characters: [UInt32], styleIndices: [UInt16], styles: [CellStyle]
  ) {
    self.columns = columns
    self.rows = rows
    self.characters = characters
    self.styleIndices = styleIndices
    self.styles = styles
    lookup = [:]
    for (index, style) in styles.enumerated() where lookup[style] == nil {
      lookup[style] = UInt16(index)
    }
  }

  /// The index of `style`, added when new. (Past 65,535 styles, new ones look plain.)
  public mutating func style(_ style: CellStyle) -> UInt16 {
    if let index = lookup[style] { return index }
    guard styles.count <= Int(UInt16.max) else { return 0 }
    let index = UInt16(styles.count)
    styles.append(style)
    lookup[style] = index
    return index
  }

  /// The character of the cell (`column`, `row`).
  public func character(_ column: Int, _ row: Int) -> UInt32 {
    characters[row * columns + column]
  }

  /// The style of the cell (`column`, `row`).
  public func style(_ column: Int, _ row: Int) -> CellStyle {
    styles[Int(styleIndices[row * columns + column])]
  }

  /// The characters of `row`, one a column (a wide character's right half as nothing).
  public func text(row: Int) -> String {
    var out = String.UnicodeScalarView()
    for value in characters[(row * columns)..<((row + 1) * columns)] {
      if let scalar = Unicode.Scalar(value) { out.append(scalar) }
    }
    return String(out)
  }

  /// Sets one cell; nothing when it lies outside.
  public mutating func set(_ column: Int, _ row: Int, _ character: UInt32, style: UInt16) {
    guard column >= 0, column < columns, row >= 0, row < rows else { return }
    characters[row * columns + column] = character
    styleIndices[row * columns + column] = style
  }

  /// Fills the cells of `r` with blanks in `style`.
  public mutating func clear(_ r: CellRect, style: UInt16 = 0) {
    let r = r.clipped(columns, rows)
    for row in r.top..<r.bottom {
      for column in r.left..<r.right {
        characters[row * columns + column] = 0x20
        styleIndices[row * columns + column] = style
      }
    }
  }

  /// Writes `text` from (`column`, `row`) in `style`, as `layOutText` lays it out, cut
  /// before `limit` (exclusive; the grid's width when nil); returns the column after it.
  @discardableResult
  public mutating func write(
    _ text: String, _ column: Int, _ row: Int, style: UInt16 = 0, limit: Int? = nil
  ) -> Int {
    guard row >= 0, row < rows else { return column }
    let base = row * columns
    return layOutText(text, from: column, lowest: 0, limit: min(limit ?? columns, columns)) {
      column, value in
      characters[base + column] = value
      styleIndices[base + column] = style
    }
  }

  /// Makes every cell in `r` faint (what is under a popover or a form sheet).
  public mutating func dim(_ r: CellRect) {
    let r = r.clipped(columns, rows)
    var dimmed = [UInt16?](repeating: nil, count: styles.count)
    for row in r.top..<r.bottom {
      for index in (row * columns + r.left)..<(row * columns + r.right) {
        let s = Int(styleIndices[index])
        if let d = dimmed[s] {
          styleIndices[index] = d
          continue
        }
        var faint = styles[s]
        faint.dim = true
        let d = style(faint)
        dimmed[s] = d
        styleIndices[index] = d
      }
    }
  }

  /// Copies `grid`'s cells into `r`, its top-left cell at `r`'s: what falls outside `r` or
  /// this grid is left out, and a wide character only whole. Styles are copied as they
  /// are: a cell that inherits its foreground takes the one in force here (see `resolved`).
  public mutating func place(_ grid: CellGrid, in r: CellRect) {
    let styleMap = grid.styles.map { style($0) }
    let lowest = max(r.left, 0), limit = min(r.right, columns)
    for y in 0..<min(grid.rows, r.height) {
      let row = r.top + y
      guard row >= 0, row < rows else { continue }
      var x = 0
      while x < grid.columns {
        let source = y * grid.columns + x
        let value = grid.characters[source]
        let wide = x + 1 < grid.columns && grid.characters[source + 1] == CellGrid.continuation
        let column = r.left + x
        let cells = wide ? 2 : 1
        x += cells
        guard value != CellGrid.continuation, column >= lowest, column + cells <= limit else {
          continue
        }
        let style = styleMap[Int(grid.styleIndices[source])]
        characters[row * columns + column] = value
        styleIndices[row * columns + column] = style
        if wide {
          characters[row * columns + column + 1] = CellGrid.continuation
          styleIndices[row * columns + column + 1] = style
        }
      }
    }
  }

  /// The grid with every cell that inherits its foreground given the one a terminal shows
  /// there, each row read from its left edge as the encoder writes it: the foreground of the
  /// last cell before it with its own (none at the row's start). Cells can then be moved
  /// about (placed in a screen, shifted by a transition) and keep their look.
  public func resolved() -> CellGrid {
    guard styles.contains(where: \.inheritsForeground) else { return self }
    var out = self
    // The style a cell of style s takes after a cell of style p: cached, since a drawing
    // has few styles and every cell is looked up.
    let count = styles.count
    var cache = [UInt16](repeating: UInt16.max, count: count * count)
    for row in 0..<rows {
      var pen: UInt16 = 0  // the last style with a foreground of its own
      for index in (row * columns)..<((row + 1) * columns) {
        let s = styleIndices[index]
        guard styles[Int(s)].inheritsForeground else {
          pen = s
          continue
        }
        let key = Int(s) * count + Int(pen)
        if cache[key] == UInt16.max {
          var own = styles[Int(s)]
          own.inheritsForeground = false
          own.foreground = styles[Int(pen)].foreground
          cache[key] = out.style(own)
        }
        out.styleIndices[index] = cache[key]
      }
    }
    return out
  }
}
