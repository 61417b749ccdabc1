// Strokes to dots: a drawing rasterised into a grid of dots, 2×4 a cell (Unicode braille)
// or 1×2 (ASCII), with thick strokes, opaque fills that clear what they cover, and areas of
// colour that tint the cells under them. Dots are square (a cell is about twice as tall as
// wide), so circles stay round. The shapes are in DotShapes.swift, text in DotText.swift;
// DotCells.swift turns the dots into a cell grid.

import Geometry

/// Dots packed into cells: each cell byte is a mask of its lit dots (braille bit order,
/// or bit 0 = upper and bit 1 = lower dot in ASCII mode), with the colour of the last item
/// that lit a dot in it, and the background colour an area of colour gave it.
struct Raster {
  let columns: Int
  let rows: Int
  let ascii: Bool
  /// Whether areas of colour paint cells' backgrounds (colours are on): without colour
  /// they would not show, so they cost nothing.
  let paintsBackgrounds: Bool
  /// Dots a cell: 2×4 (braille) or 1×2 (ASCII).
  let shiftX: Int
  let shiftY: Int
  let dotsWide: Int
  let dotsHigh: Int
  var cells: [UInt8]
  var cellColors: [UInt8]
  /// Each cell's background colour index (0: the terminal's own); empty until an area of
  /// colour is drawn, so a drawing without one costs nothing.
  var backgrounds: [UInt8] = []
  var text: [UInt32] = []
  var palette: [Color] = []
  /// The bit of a dot, indexed by ((y & (dots a cell high - 1)) << shiftX) | (x & (dots a cell wide - 1)).
  let bits: [UInt8]
  // Current item: colour index (1-based) and clip box in dots (half-open).
  var color: UInt8 = 1
  /// Set while an opaque fill clears the dots it covers.
  var erasing = false
  /// No dot or character drawn yet: a fill then has nothing to clear.
  var blank = true
  var clipX0 = 0
  var clipX1 = 0
  var clipY0 = 0
  var clipY1 = 0
  // Mapping from points to dots.
  var scale = 1.0
  var offsetX = 0.0
  var offsetY = 0.0

  init(columns: Int, rows: Int, ascii: Bool, paintsBackgrounds: Bool) {
    self.columns = columns
    self.rows = rows
    self.ascii = ascii
    self.paintsBackgrounds = paintsBackgrounds
    shiftX = ascii ? 0 : 1
    shiftY = ascii ? 1 : 2
    dotsWide = columns << shiftX
    dotsHigh = rows << shiftY
    cells = [UInt8](repeating: 0, count: columns * rows)
    cellColors = [UInt8](repeating: 0, count: columns * rows)
    bits = ascii ? [1, 2] : [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
  }

  mutating func draw(_ d: Drawing) {
    _ = draw(d, expired: { false })
  }

  /// Draws `d`, asking `expired` before each item; false when it said the caller's deadline
  /// had passed (the drawing is then incomplete).
  mutating func draw(_ d: Drawing, expired: () -> Bool) -> Bool {
    guard dotsWide > 0, dotsHigh > 0 else { return true }
    let width = d.width.isFinite && d.width > 0 ? d.width : 1
    let height = d.height.isFinite && d.height > 0 ? d.height : 1
    scale = min(Double(dotsWide) / width, Double(dotsHigh) / height)
    offsetX = (Double(dotsWide) - width * scale) / 2
    offsetY = (Double(dotsHigh) - height * scale) / 2
    if let background = d.background {
      // A background only colours the cells; its dots stay blank.
      color = paletteIndex(background)
      for index in cellColors.indices { cellColors[index] = color }
    }
    for item in d.items {
      if expired() { return false }
      draw(item)
    }
    return true
  }

  mutating func paletteIndex(_ c: Color) -> UInt8 {
    if let index = palette.firstIndex(of: c) { return UInt8(truncatingIfNeeded: index + 1) }
    if palette.count >= 254 { return 254 }
    palette.append(c)
    return UInt8(palette.count)
  }

  @inline(__always) func px(_ x: Double) -> Double { offsetX + x * scale }
  @inline(__always) func py(_ y: Double) -> Double { offsetY + y * scale }
  @inline(__always) func dot(_ p: Point) -> Point { Point(px(p.x), py(p.y)) }

  mutating func draw(_ item: Item) {
    let paint = item.paint
    if !(paint.opacity > 0) { return }
    clipX0 = 0
    clipY0 = 0
    clipX1 = dotsWide
    clipY1 = dotsHigh
    if let clip = item.clip {
      let x0 = px(min(clip.x, clip.x + clip.width)), x1 = px(max(clip.x, clip.x + clip.width))
      let y0 = py(min(clip.y, clip.y + clip.height)), y1 = py(max(clip.y, clip.y + clip.height))
      guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
      let near = FloatingPointRoundingRule.toNearestOrAwayFromZero
      clipX0 = Raster.index(x0.rounded(near), 0, dotsWide)
      clipX1 = Raster.index(x1.rounded(near), 0, dotsWide)
      clipY0 = Raster.index(y0.rounded(near), 0, dotsHigh)
      clipY1 = Raster.index(y1.rounded(near), 0, dotsHigh)
      if clipX0 >= clipX1 || clipY0 >= clipY1 { return }
    }
    let halfWidth = max(paint.lineWidth.isFinite ? paint.lineWidth * scale : 1, 1) / 2
    if case .text(let string, let at, let size) = item.shape {
      if let c = paint.fill ?? paint.stroke { color = paletteIndex(c) } else { color = 0 }
      drawText(string, at: at, size: size, paint: paint)
      blank = false
      return
    }
    if paint.fill != nil, paint.opacity >= 1 {
      // A cell holds dots or nothing: an opaque fill is background that covers what lies
      // below (a sheet over the menu), so it clears dots and text; translucent fills are
      // skipped.
      if !blank {  // a fill under everything (a face's colour) has nothing to clear
        erasing = true
        color = 0
        fillShape(item.shape)
        erasing = false
        clearText(item.shape)
      }
      // A fill with no stroke of a circle or an ellipse is an area of colour (a face's
      // `face_color`): its cells take the colour as background, under the dots drawn later.
      // Rects are the screen's paper (bars, sheets, backings), which the terminal's own
      // background stands for; a filled and stroked circle is a solid dot (a pupil).
      // A gradient's area (a navigation bar) is the chrome's colour: its flat fill paints
      // its cells' background, so the bar reads as a bar and its white title shows.
      if paintsBackgrounds, let fill = paint.fill,
        paint.stroke == nil && item.shape.isRound || paint.gradient != nil
      {
        tint(item.shape, paletteIndex(fill))
      } else if !backgrounds.isEmpty {
        tint(item.shape, 0)  // what an opaque fill covers loses its colour too
      }
    }
    if paint.opacity < 1, paint.stroke == nil, let fill = paint.fill {
      drawThinBar(item.shape, fill, opacity: paint.opacity)
    }
    if let stroke = paint.stroke {
      color = paletteIndex(stroke)
      strokeShape(item.shape, halfWidth: halfWidth)
      blank = false
    }
  }

  /// A translucent fill is a veil over what lies below, and cells cannot show one (it is
  /// skipped), but a thin bar of it is a mark: a menu's scroll indicator, 3 points wide,
  /// was lost in every terminal drawing. A rect under two dots across is drawn as a line of
  /// dots down its length, at least one dot wide, in the colour it shows over white.
  private mutating func drawThinBar(_ shape: Shape, _ fill: Color, opacity: Double) {
    let r: Rect
    switch shape {
    case .rect(let box), .roundedRect(let box, _): r = box
    default: return
    }
    let w = abs(r.width) * scale, h = abs(r.height) * scale
    guard w.isFinite, h.isFinite, min(w, h) < 2, max(w, h) >= 2 else { return }
    func over(_ c: UInt8) -> UInt8 {
      UInt8((Double(c) * opacity + 255 * (1 - opacity)).rounded())
    }
    color = paletteIndex(Color(r: over(fill.r), g: over(fill.g), b: over(fill.b)))
    let x0 = px(min(r.x, r.x + r.width)), y0 = py(min(r.y, r.y + r.height))
    let hw = max(min(w, h) / 2, 0.5)
    // Inset by the half-width at both ends: round caps reach no further than the bar.
    if w < h {
      capsule(Point(x0 + w / 2, y0 + hw), Point(x0 + w / 2, y0 + h - hw), hw)
    } else {
      capsule(Point(x0 + hw, y0 + h / 2), Point(x0 + w - hw, y0 + h / 2), hw)
    }
    blank = false
  }

  // MARK: Spans

  /// `v` (whole or not, any size, NaN) as an index within lo…hi: clamped while still a
  /// Double, so no coordinate can make the conversion trap (NaN gives lo).
  @inline(__always)
  static func index(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    guard v > Double(lo) else { return lo }
    return v < Double(hi) ? Int(v) : hi
  }

  /// Lights the dots of row `y` whose centres lie in [a, b] (dot units).
  @inline(__always)
  mutating func span(_ y: Int, _ a: Double, _ b: Double) {
    guard y >= clipY0, y < clipY1, a <= b else { return }
    let lo = a - 0.5, hi = b - 0.5
    guard lo < Double(clipX1), hi >= Double(clipX0) else { return }
    let x0 = Raster.index(lo.rounded(.up), clipX0, clipX1)
    let x1 = Raster.index(hi.rounded(.down), clipX0 - 1, clipX1 - 1)
    if x0 > x1 { return }
    let rowBase = (y >> shiftY) * columns
    let bitRow = (y & ((1 << shiftY) - 1)) << shiftX
    let maskX = (1 << shiftX) - 1
    let color = self.color
    let shiftX = self.shiftX
    bits.withUnsafeBufferPointer { bits in
      cells.withUnsafeMutableBufferPointer { cells in
        cellColors.withUnsafeMutableBufferPointer { colors in
          var x = x0
          if erasing {
            while x <= x1 {
              cells[rowBase + (x >> shiftX)] &= ~bits[bitRow | (x & maskX)]
              x += 1
            }
            return
          }
          while x <= x1 {
            let cell = rowBase + (x >> shiftX)
            cells[cell] |= bits[bitRow | (x & maskX)]
            colors[cell] = color
            x += 1
          }
        }
      }
    }
  }

  /// The rows (dot indices) whose centres lie within [top, bottom], clipped.
  @inline(__always)
  func rowRange(_ top: Double, _ bottom: Double) -> ClosedRange<Int>? {
    guard top.isFinite, bottom.isFinite, top <= bottom else { return nil }
    let first = Raster.index((top - 0.5).rounded(.up), clipY0, clipY1)
    let last = Raster.index((bottom - 0.5).rounded(.down), clipY0 - 1, clipY1 - 1)
    return first <= last ? first...last : nil
  }
}

extension Shape {
  /// A circle or an ellipse.
  var isRound: Bool {
    switch self {
    case .circle, .ellipse: return true
    default: return false
    }
  }
}
