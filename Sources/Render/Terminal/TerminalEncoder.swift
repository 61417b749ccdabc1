// Cells to bytes: the one place that writes a cell's look as the terminal's escape codes
// (SGR), and its characters as UTF-8. A code is written only where the look changes, and
// only what changed when that is colour alone; a row that ends styled ends with a reset,
// so each row stands alone (play rewrites rows one at a time, a sheet prints them as made).

/// Writes cell grids as terminal bytes in a colour mode: colours become the mode's codes
/// (none at all with `.none`, where only bold, faint and reverse video are written).
public struct TerminalEncoder: Sendable {
  /// How colours are written.
  public let colors: ColorMode

  /// An encoder writing colours as `colors` says.
  public init(colors: ColorMode) { self.colors = colors }

  /// Every row of `grid`, each ending in a newline.
  public func encode(_ grid: CellGrid) -> [UInt8] {
    let codes = StyleCodes(grid.styles, colors)
    // At least a byte, so the buffer has an address even for no rows.
    let room = max(grid.rows * (codes.rowRoom(grid.columns) + 1), 1)
    return [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
      var out = ByteWriter(buffer.baseAddress!)
      for row in 0..<grid.rows {
        writeRow(row, of: grid, codes, to: &out)
        out.byte(0x0A)
      }
      count = out.count
    }
  }

  /// Each row of `grid` on its own, without a newline.
  public func lines(_ grid: CellGrid) -> [[UInt8]] {
    let codes = StyleCodes(grid.styles, colors)
    // Each row is written into one scratch buffer, then copied out at its own length.
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: codes.rowRoom(grid.columns))
    defer { scratch.deallocate() }
    return (0..<grid.rows).map { row in
      var out = ByteWriter(scratch)
      writeRow(row, of: grid, codes, to: &out)
      return Array(UnsafeBufferPointer(start: scratch, count: out.count))
    }
  }

  /// A row's characters, each preceded by the code of its look where the look changes
  /// (the right half of a wide character is written by its left), and a reset at the end
  /// when the row ends styled; into room for `codes.rowRoom` bytes.
  func writeRow(_ row: Int, of grid: CellGrid, _ codes: StyleCodes, to out: inout ByteWriter) {
    var pen = Pen()
    var last = -1
    codes.looks.withUnsafeBufferPointer { looks in
      grid.characters.withUnsafeBufferPointer { characters in
        grid.styleIndices.withUnsafeBufferPointer { styleIndices in
          for index in (row * grid.columns)..<((row + 1) * grid.columns) {
            let character = characters[index]
            if character == CellGrid.continuation { continue }
            let style = Int(styleIndices[index])
            // The same style again changes nothing, whatever it inherits.
            if style != last {
              last = style
              codes.change(&pen, to: looks[style], out: &out)
            }
            out.utf8(character)
          }
        }
      }
    }
    if !pen.isPlain { out.bytes(StyleCodes.reset) }
  }
}

/// Bytes written through a pointer into room made beforehand: the encoder's loop writes a
/// few bytes a cell, and an Array's append would check its capacity and uniqueness for each.
/// Whoever makes the room makes enough (`StyleCodes.rowRoom`).
struct ByteWriter {
  let base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0

  init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

  @inline(__always)
  mutating func byte(_ b: UInt8) {
    base[count] = b
    count += 1
  }

  @inline(__always)
  mutating func bytes(_ bytes: [UInt8]) {
    for b in bytes { byte(b) }
  }

  /// The UTF-8 bytes of the scalar value `v` ("?" for a value that is none).
  @inline(__always)
  mutating func utf8(_ v: UInt32) {
    switch v {
    case 0..<0x80: byte(UInt8(v))
    case 0x80..<0x800:
      byte(UInt8(0xC0 | (v >> 6)))
      byte(UInt8(0x80 | (v & 0x3F)))
    case 0x800..<0xD800, 0xE000..<0x10000:
      byte(UInt8(0xE0 | (v >> 12)))
      byte(UInt8(0x80 | ((v >> 6) & 0x3F)))
      byte(UInt8(0x80 | (v & 0x3F)))
    case 0x10000..<0x110000:
      byte(UInt8(0xF0 | (v >> 18)))
      byte(UInt8(0x80 | ((v >> 12) & 0x3F)))
      byte(UInt8(0x80 | ((v >> 6) & 0x3F)))
      byte(UInt8(0x80 | (v & 0x3F)))
    default: byte(0x3F)
    }
  }
}

/// The look in force on the terminal while a row is written: ids of the foreground and the
/// background parameters (0: the default), and the attributes.
struct Pen: Equatable {
  var foreground = 0
  var background = 0
  var attributes: UInt8 = 0

  var isPlain: Bool { foreground == 0 && background == 0 && attributes == 0 }
}

/// The codes of a grid's styles in a colour mode, worked out once a grid: each style's
/// parameters by id, so a row compares small numbers and appends bytes made already.
struct StyleCodes {
  /// A style as the encoder compares it: the look it gives (its foreground's id, 0 when it
  /// inherits the one in force), and whether it inherits.
  struct Look {
    var pen: Pen
    var inherits: Bool
  }
  /// By style index.
  var looks: [Look] = []
  /// By id: the SGR parameters of a foreground and of a background ("39" and "49" at 0).
  var foregroundParameters: [[UInt8]] = [Array("39".utf8)]
  var backgroundParameters: [[UInt8]] = [Array("49".utf8)]
  /// The parameters of each attribute bit: bold, faint, reverse.
  static let attributeParameters: [[UInt8]] = [Array("1".utf8), Array("2".utf8), Array("7".utf8)]
  /// `ESC[0m`: everything back to the terminal's own look.
  static let reset: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]

  init(_ styles: [CellStyle], _ mode: ColorMode) {
    // By colour, not by parameters: two colours the palette writes alike still get a
    // code each where one follows the other, as the renderer always wrote them.
    var foregroundIDs: [TerminalColor: Int] = [:], backgroundIDs: [TerminalColor: Int] = [:]
    func id(
      _ color: TerminalColor?, background: Bool, _ ids: inout [TerminalColor: Int],
      _ table: inout [[UInt8]]
    ) -> Int {
      guard mode != .none, let color else { return 0 }
      if let known = ids[color] { return known }
      table.append(sgrParameters(color, mode, background: background))
      ids[color] = table.count - 1
      return table.count - 1
    }
    for style in styles {
      let foreground =
        style.inheritsForeground
        ? 0 : id(style.foreground, background: false, &foregroundIDs, &foregroundParameters)
      let background = id(
        style.background, background: true, &backgroundIDs, &backgroundParameters)
      let attributes: UInt8 = (style.bold ? 1 : 0) | (style.dim ? 2 : 0) | (style.reverse ? 4 : 0)
      looks.append(
        Look(
          pen: Pen(foreground: foreground, background: background, attributes: attributes),
          inherits: style.inheritsForeground))
    }
  }

  /// Moves `pen` to the look of `style`, appending the code that does it, if any.
  @inline(__always)
  func change(_ pen: inout Pen, to look: Look, out: inout ByteWriter) {
    var target = look.pen
    if look.inherits { target.foreground = pen.foreground }
    guard target != pen else { return }
    append(target, from: pen, owned: !look.inherits, to: &out)
    pen = target
  }

  /// The code from `pen` to `target`: a reset for a cell of the plain look; colours alone
  /// (both, when either look has a background) when neither look has attributes; else the
  /// whole look, after a reset unless the pen is plain.
  func append(_ target: Pen, from pen: Pen, owned: Bool, to out: inout ByteWriter) {
    if owned && target.isPlain {
      out.bytes(StyleCodes.reset)
      return
    }
    var parameters: [[UInt8]] = []
    if target.attributes == 0 && pen.attributes == 0 {
      parameters.append(foregroundParameters[target.foreground])
      if target.background != 0 || pen.background != 0 {
        parameters.append(backgroundParameters[target.background])
      }
    } else {
      if !pen.isPlain { parameters.append([0x30]) }
      for bit in 0..<3 where target.attributes & (1 << bit) != 0 {
        parameters.append(StyleCodes.attributeParameters[bit])
      }
      if target.foreground != 0 { parameters.append(foregroundParameters[target.foreground]) }
      if target.background != 0 { parameters.append(backgroundParameters[target.background]) }
      if parameters.isEmpty { parameters.append([0x30]) }
    }
    out.byte(0x1B)
    out.byte(0x5B)
    for (k, p) in parameters.enumerated() {
      if k > 0 { out.byte(0x3B) }
      out.bytes(p)
    }
    out.byte(0x6D)
  }

  /// The most bytes a row of `columns` cells takes: a character (4 bytes at most) and the
  /// longest code a cell, and the reset at the end.
  func rowRoom(_ columns: Int) -> Int {
    let longestForeground = foregroundParameters.map(\.count).max() ?? 0
    let longestBackground = backgroundParameters.map(\.count).max() ?? 0
    // ESC [ 0 ; 1 ; 2 ; 7 ; foreground ; background m
    let longestCode = 10 + longestForeground + 1 + longestBackground + 1
    return columns * (4 + longestCode) + StyleCodes.reset.count
  }
}

/// The SGR parameters selecting `color` as the foreground (`38;…`, `3X`, `9X`) or the
/// background (`48;…`, `4X`, `10X`) in `mode` (not `.none`): a basic colour as itself, an
/// RGB one as it is (truecolor) or as the nearest of the palette.
func sgrParameters(_ color: TerminalColor, _ mode: ColorMode, background: Bool) -> [UInt8] {
  let plane = background ? 4 : 3
  func basic(_ n: Int) -> [Int] { [n < 8 ? plane * 10 + n : plane * 10 + 60 + n - 8] }
  let numbers: [Int]
  switch (color, mode) {
  case (.basic(let n), _): numbers = basic(Int(n & 15))
  case (.rgb(let c), .truecolor): numbers = [plane * 10 + 8, 2, Int(c.r), Int(c.g), Int(c.b)]
  case (.rgb(let c), .ansi256): numbers = [plane * 10 + 8, 5, Palette.ansi256(c)]
  case (.rgb(let c), .ansi16), (.rgb(let c), .none): numbers = basic(Palette.ansi16(c))
  }
  // Digits written by hand: a play frame works out its styles' codes every frame.
  var out: [UInt8] = []
  for (k, n) in numbers.enumerated() {
    if k > 0 { out.append(0x3B) }
    if n >= 100 { out.append(0x30 + UInt8(n / 100)) }
    if n >= 10 { out.append(0x30 + UInt8(n / 10 % 10)) }
    out.append(0x30 + UInt8(n % 10))
  }
  return out
}

/// The xterm palette RGB colours are matched to when a terminal has no 24-bit colour.
enum Palette {
  /// The xterm default 16-colour palette.
  static let basic16: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
    (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  static func distance(_ c: Color, _ r: Int, _ g: Int, _ b: Int) -> Int {
    let dr = Int(c.r) - r, dg = Int(c.g) - g, db = Int(c.b) - b
    return dr * dr + dg * dg + db * db
  }

  /// The nearest of the 16 basic colours (0–15).
  static func ansi16(_ c: Color) -> Int {
    var best = 0, bestDistance = Int.max
    for (index, p) in basic16.enumerated() {
      let d = distance(c, p.0, p.1, p.2)
      if d < bestDistance {
        best = index
        bestDistance = d
      }
    }
    return best
  }

  /// The nearest colour of the 6×6×6 cube or the grey ramp (16–255).
  static func ansi256(_ c: Color) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
    let r = level(c.r), g = level(c.g), b = level(c.b)
    let cube = 16 + 36 * r + 6 * g + b
    let cubeDistance = distance(c, levels[r], levels[g], levels[b])
    let average = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
    let greyIndex = max(0, min(23, (average - 3) / 10))
    let grey = 8 + 10 * greyIndex
    return distance(c, grey, grey, grey) < cubeDistance ? 232 + greyIndex : cube
  }
}
