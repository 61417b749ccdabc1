// Dots to cells: each cell of the raster becomes a character (its text, else its dots as a
// braille pattern or one of four ASCII characters) and a style (the colour of what lit it,
// the background an area of colour gave it).

extension Raster {
  /// ASCII characters for the 1×2 dot masks: none, upper, lower, both.
  static let asciiGlyphs: [UInt32] = [0x20, 0x27, 0x2E, 0x3A]  // ' ' '\'' '.' ':'

  /// The raster as a grid. A cell with a dot or a letter has its colour's foreground; a
  /// blank one (or a letter drawn with no colour) inherits the foreground in force, so it
  /// costs no code; a cell an area of colour covered has that background.
  func grid() -> CellGrid {
    var styles = StyleTable(palette: palette)
    var characters = [UInt32](repeating: 0x20, count: cells.count)
    var styleIndices = [UInt16](repeating: 0, count: cells.count)
    // The dots first, then the text over them, then the backgrounds: most drawings have
    // neither of the last two, and each pass is a tight loop.
    dotCells(&characters, &styleIndices, styles.foregrounds)
    if !text.isEmpty { textCells(&characters, &styleIndices, styles.foregrounds) }
    if !backgrounds.isEmpty { backgroundCells(&styleIndices, &styles) }
    return CellGrid(
      columns: columns, rows: rows, characters: characters, styleIndices: styleIndices,
      styles: styles.styles)
  }

  /// Each cell's dots as its character, in the colour that lit them (inherited when none).
  private func dotCells(
    _ characters: inout [UInt32], _ styleIndices: inout [UInt16], _ foregrounds: [UInt16]
  ) {
    let ascii = self.ascii
    let blank = foregrounds[0]
    characters.withUnsafeMutableBufferPointer { characters in
      styleIndices.withUnsafeMutableBufferPointer { styleIndices in
        cells.withUnsafeBufferPointer { masks in
          cellColors.withUnsafeBufferPointer { colors in
            foregrounds.withUnsafeBufferPointer { foregrounds in
              for index in 0..<masks.count {
                let mask = masks[index]
                if mask == 0 {
                  styleIndices[index] = blank
                  continue
                }
                characters[index] =
                  ascii ? Raster.asciiGlyphs[Int(mask & 3)] : 0x2800 | UInt32(mask)
                styleIndices[index] = foregrounds[Int(colors[index])]
              }
            }
          }
        }
      }
    }
  }

  /// The cells with text: its characters, in its colour.
  private func textCells(
    _ characters: inout [UInt32], _ styleIndices: inout [UInt16], _ foregrounds: [UInt16]
  ) {
    for (index, glyph) in text.enumerated() where glyph != 0 {
      characters[index] = glyph
      styleIndices[index] = foregrounds[Int(cellColors[index])]
    }
  }

  /// The cells an area of colour covered: their foreground as the dots or text gave it,
  /// with the background.
  private func backgroundCells(_ styleIndices: inout [UInt16], _ styles: inout StyleTable) {
    for (index, background) in backgrounds.enumerated() where background != 0 {
      let drawn = cells[index] != 0 || (!text.isEmpty && text[index] != 0)
      styleIndices[index] = styles.index(drawn ? cellColors[index] : 0, background: background)
    }
  }
}

/// The styles of a raster's cells: one for each palette index as the foreground (0:
/// inherited), and, as they are met, one for each pair of foreground and background.
struct StyleTable {
  let palette: [Color]
  private(set) var styles: [CellStyle] = [.plain]
  /// The style of each foreground index without a background.
  private(set) var foregrounds: [UInt16] = []
  private var withBackground: [Int: UInt16] = [:]

  init(palette: [Color]) {
    self.palette = palette
    for color in 0...palette.count { foregrounds.append(add(UInt8(color), 0)) }
  }

  /// The style of a cell of foreground `color` and background `background` (indices).
  mutating func index(_ color: UInt8, background: UInt8) -> UInt16 {
    let key = Int(color) | Int(background) << 8
    if let known = withBackground[key] { return known }
    let index = add(color, background)
    withBackground[key] = index
    return index
  }

  private mutating func add(_ color: UInt8, _ background: UInt8) -> UInt16 {
    var style = CellStyle()
    if color == 0 {
      style.inheritsForeground = true
    } else {
      style.foreground = .rgb(palette[Int(color) - 1])
    }
    if background != 0 { style.background = .rgb(palette[Int(background) - 1]) }
    styles.append(style)
    return UInt16(styles.count - 1)
  }
}
