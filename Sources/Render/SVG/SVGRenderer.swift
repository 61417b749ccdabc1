// Drawing -> SVG text. One element per item; consecutive items with the same paint share
// a <g> carrying the paint attributes. Output is byte-for-byte deterministic and always
// a valid XML document, whatever the numbers and strings in the drawing.

import Geometry

/// Writes a `Drawing` as a complete, minimal SVG 1.1 document.
public enum SVGRenderer {
  /// The drawing as an SVG document (UTF-8 text ending in a newline).
  public static func render(_ d: Drawing) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(400 + d.items.count * 80)
    append(d, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the drawing's SVG document to `out` (no String is built on the way). Its ids
  /// (clip paths `c0`, `c1`, …) start with `idPrefix`, so documents nested in one file (a
  /// contact sheet) can each have their own.
  public static func append(_ d: Drawing, to out: inout [UInt8], idPrefix: String = "") {
    let prefix = Array(idPrefix.utf8)
    // Text goes through `appendBytes(to:atMost:_:)`: each call reserves its room once and
    // copies bytes straight in. A call stops where a colour is appended
    // (`Color.appendSVG` appends to the array itself).
    let items = d.items
    var clips: [Rect] = []
    for item in items {
      if let clip = item.clip, !clips.contains(clip) { clips.append(clip) }
    }
    var gradients: [Gradient] = []
    SVGRenderer.gradients(in: items, adding: &gradients)
    appendHead(
      width: d.width, height: d.height, title: d.title, clips: clips, gradients: gradients,
      prefix: prefix, to: &out)
    if let background = d.background { appendBackground(background, to: &out) }
    appendItems(items, clips: clips, prefix: prefix, to: &out)
    put("</svg>\n", &out)
  }

  /// Appends the opening `<svg>` tag, the title and the clips' and gradients' `<defs>`
  /// (when any), their ids starting with `prefix`.
  static func appendHead(
    width w: Double, height h: Double, title: String?, clips: [Rect],
    gradients: [Gradient] = [], prefix: [UInt8] = [], to out: inout [UInt8]
  ) {
    let width = nonNegative(w)
    let height = nonNegative(h)
    appendBytes(to: &out, atMost: literalRoom + 4 * SVGNumber.maxLength) { w in
      w.put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
      w.number(width)
      w.put("\" height=\"")
      w.number(height)
      w.put("\" viewBox=\"0 0 ")
      w.number(width)
      w.byte(0x20)
      w.number(height)
      w.put("\">\n")
    }
    if let title {
      put("<title>", &out)
      appendEscaped(title, to: &out)
      put("</title>\n", &out)
    }
    if !clips.isEmpty || !gradients.isEmpty {
      put("<defs>\n", &out)
      appendGradients(gradients, prefix: prefix, to: &out)
      for (index, clip) in clips.enumerated() {
        appendBytes(
          to: &out, atMost: literalRoom + prefix.count + ByteCursor.maxIntegerLength + rectRoom
        ) { w in
          w.put("<clipPath id=\"")
          clipID(index, prefix, &w)
          w.put("\">")
          rect(clip, &w)
          w.put("/></clipPath>\n")
        }
      }
      put("</defs>\n", &out)
    }
  }

  /// Appends a rectangle filling the whole canvas.
  static func appendBackground(_ background: Color, to out: inout [UInt8]) {
    put("<rect width=\"100%\" height=\"100%\" fill=\"", &out)
    background.appendSVG(to: &out)
    put("\"/>\n", &out)
  }

  /// Appends the items' elements; consecutive items of one paint share a `<g>`. A clip is
  /// referred to by its index in `clips` (`#c0`, `#c1`, …, after `prefix`).
  static func appendItems(
    _ items: [Item], clips: [Rect], prefix: [UInt8] = [], to out: inout [UInt8]
  ) {
    var i = 0
    let count = items.count
    while i < count {
      let paint = items[i].paint
      var j = i + 1
      while j < count && items[j].paint == paint { j += 1 }
      if j - i == 1 {
        appendElement(items[i], paintAttributes: paint, clips: clips, prefix: prefix, to: &out)
      } else {
        put("<g", &out)
        appendPaint(paint, prefix: prefix, to: &out)
        put(">\n", &out)
        for k in i..<j {
          appendElement(items[k], paintAttributes: nil, clips: clips, prefix: prefix, to: &out)
        }
        put("</g>\n", &out)
      }
      i = j
    }
  }

  /// Room for the literal text of one write, besides its numbers, integers and escaped
  /// text: the longest (the document's opening, 77 bytes) stays well under it.
  static var literalRoom: Int { 128 }

  /// Room for `rect`'s four numbers.
  static var rectRoom: Int { 4 * SVGNumber.maxLength }

  /// Appends a literal on its own.
  @inline(__always)
  static func put(_ s: StaticString, _ out: inout [UInt8]) {
    appendBytes(to: &out, atMost: s.utf8CodeUnitCount) { $0.put(s) }
  }

  @inline(__always)
  static func nonNegative(_ v: Double) -> Double { v > 0 ? v : 0 }

  /// Appends ` fill=".." stroke=".." stroke-width=".." stroke-linecap="round" opacity=".."`.
  static func appendPaint(_ paint: Paint, prefix: [UInt8] = [], to out: inout [UInt8]) {
    if let gradient = paint.gradient {
      appendGradientFill(gradient, prefix: prefix, to: &out)
    } else if let fill = paint.fill {
      put(" fill=\"", &out)
      fill.appendSVG(to: &out)
      put("\"", &out)
    } else {
      put(" fill=\"none\"", &out)
    }
    if let stroke = paint.stroke {
      put(" stroke=\"", &out)
      stroke.appendSVG(to: &out)
    }
    appendBytes(to: &out, atMost: literalRoom + 2 * SVGNumber.maxLength) { w in
      if paint.stroke != nil {
        w.attribute("\" stroke-width=\"", nonNegative(paint.lineWidth))
        w.put(" stroke-linecap=\"round\"")
      }
      opacity(paint, &w)
    }
  }

  /// Writes ` opacity=".."` unless the paint is opaque.
  @inline(__always)
  static func opacity(_ paint: Paint, _ w: inout ByteCursor) {
    if !(paint.opacity >= 1) {  // NaN counts as fully transparent
      w.attribute(" opacity=\"", nonNegative(paint.opacity))
    }
  }

  /// Writes `<rect x=".." y=".." width=".." height=".."` (at most `rectRoom` bytes
  /// besides literals).
  static func rect(_ r: Rect, _ w: inout ByteCursor) {
    // Negative sizes are invalid in SVG: normalise to the same area.
    let x = r.width < 0 ? r.x + r.width : r.x
    let y = r.height < 0 ? r.y + r.height : r.y
    w.attribute("<rect x=\"", x)
    w.attribute(" y=\"", y)
    w.attribute(" width=\"", r.width.magnitude)
    w.attribute(" height=\"", r.height.magnitude)
  }

  /// The most bytes `openTag` writes for `s`, its literals included.
  static func shapeRoom(_ s: Shape) -> Int {
    switch s {
    case .circle, .text: return literalRoom + 3 * SVGNumber.maxLength
    case .ellipse, .line, .rect: return literalRoom + 4 * SVGNumber.maxLength
    case .roundedRect: return literalRoom + 6 * SVGNumber.maxLength
    case .cubic: return literalRoom + 8 * SVGNumber.maxLength
    case .polyline(let points), .polygon(let points):  // two numbers and two separators a point
      return literalRoom + points.count * (2 * SVGNumber.maxLength + 2)
    }
  }

  /// Writes the element's opening tag up to its paint: `<circle cx=".." cy=".." r=".."`.
  static func openTag(_ s: Shape, _ w: inout ByteCursor) {
    switch s {
    case .circle(let c, let r):
      w.attribute("<circle cx=\"", c.x)
      w.attribute(" cy=\"", c.y)
      w.attribute(" r=\"", nonNegative(r))
    case .ellipse(let c, let rx, let ry):
      w.attribute("<ellipse cx=\"", c.x)
      w.attribute(" cy=\"", c.y)
      w.attribute(" rx=\"", nonNegative(rx))
      w.attribute(" ry=\"", nonNegative(ry))
    case .line(let a, let b):
      w.attribute("<line x1=\"", a.x)
      w.attribute(" y1=\"", a.y)
      w.attribute(" x2=\"", b.x)
      w.attribute(" y2=\"", b.y)
    case .cubic(let p0, let p1, let p2, let p3):
      w.put("<path d=\"M")
      w.number(p0.x)
      w.byte(0x20)
      w.number(p0.y)
      w.byte(0x43)  // C
      w.number(p1.x)
      w.byte(0x20)
      w.number(p1.y)
      w.byte(0x20)
      w.number(p2.x)
      w.byte(0x20)
      w.number(p2.y)
      w.byte(0x20)
      w.number(p3.x)
      w.byte(0x20)
      w.number(p3.y)
      w.byte(0x22)
    case .polyline(let points), .polygon(let points):
      if case .polygon = s { w.put("<polygon points=\"") } else { w.put("<polyline points=\"") }
      var first = true
      for p in points {
        if !first { w.byte(0x20) }
        first = false
        w.number(p.x)
        w.byte(0x2C)
        w.number(p.y)
      }
      w.byte(0x22)
    case .rect(let r):
      rect(r, &w)
    case .roundedRect(let r, let radius):
      rect(r, &w)
      w.attribute(" rx=\"", nonNegative(radius))
      w.attribute(" ry=\"", nonNegative(radius))
    case .text(_, let at, let size):
      // Its family, weight and anchor follow (`appendTextStyle`): they are the paint's.
      w.attribute("<text x=\"", at.x)
      w.attribute(" y=\"", at.y)
      w.attribute(" font-size=\"", nonNegative(size))
    }
  }

  /// Writes a clip's id: the prefix, `c` and its index in the `<defs>`.
  @inline(__always)
  static func clipID(_ index: Int, _ prefix: [UInt8], _ w: inout ByteCursor) {
    if !prefix.isEmpty { prefix.withUnsafeBufferPointer { w.bytes($0) } }
    w.byte(0x63)  // c
    w.integer(UInt64(index))
  }

  /// Writes ` clip-path="url(#id)"` for a clip's index in the `<defs>`, if any.
  @inline(__always)
  static func clipReference(_ index: Int?, _ prefix: [UInt8], _ w: inout ByteCursor) {
    guard let index else { return }
    w.put(" clip-path=\"url(#")
    clipID(index, prefix, &w)
    w.put(")\"")
  }

  /// Appends one element: with `paintAttributes` when given (else a `<g>` around it
  /// carries them), and always with its own fill for text (see `appendTextPaint`).
  static func appendElement(
    _ item: Item, paintAttributes: Paint?, clips: [Rect], prefix: [UInt8],
    to out: inout [UInt8]
  ) {
    let shape = item.shape
    let clipIndex = item.clip.flatMap { clips.firstIndex(of: $0) }
    let tailRoom = literalRoom + prefix.count + ByteCursor.maxIntegerLength
    if case .text(let text, _, _) = shape {
      appendBytes(to: &out, atMost: shapeRoom(shape)) { openTag(shape, &$0) }
      appendTextStyle(item.paint.text, to: &out)
      appendTextPaint(paintAttributes ?? item.paint, to: &out)
      appendBytes(to: &out, atMost: tailRoom) { w in
        clipReference(clipIndex, prefix, &w)
        w.byte(0x3E)  // >
      }
      appendEscaped(text, to: &out)
      put("</text>\n", &out)
    } else if let paint = paintAttributes {
      appendBytes(to: &out, atMost: shapeRoom(shape)) { openTag(shape, &$0) }
      appendPaint(paint, prefix: prefix, to: &out)
      appendBytes(to: &out, atMost: tailRoom) { w in
        clipReference(clipIndex, prefix, &w)
        w.put("/>\n")
      }
    } else {
      // No colour to append: the whole element is one write.
      appendBytes(to: &out, atMost: shapeRoom(shape) + tailRoom) { w in
        openTag(shape, &w)
        clipReference(clipIndex, prefix, &w)
        w.put("/>\n")
      }
    }
  }

  /// Text is filled with the fill colour, else the stroke colour, and never stroked.
  static func appendTextPaint(_ paint: Paint, to out: inout [UInt8]) {
    put(" fill=\"", &out)
    (paint.fill ?? paint.stroke ?? .black).appendSVG(to: &out)
    appendBytes(to: &out, atMost: literalRoom + SVGNumber.maxLength) { w in
      w.put("\" stroke=\"none\"")
      opacity(paint, &w)
    }
  }

  /// Appends `text` as XML character data: `& < > " '` escaped, and every character that
  /// XML 1.0 forbids (controls other than tab, newline and CR; U+FFFE, U+FFFF) replaced
  /// by U+FFFD, so the document stays well-formed whatever the string holds.
  public static func appendEscaped(_ text: String, to out: inout [UInt8]) {
    // Most text (titles, labels) needs no escaping: then its UTF-8 is copied in one go.
    let copied =
      text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        guard !mayNeedEscaping(bytes) else { return false }
        appendBytes(to: &out, atMost: bytes.count) { $0.bytes(bytes) }
        return true
      } ?? false
    if copied { return }
    // Each UTF-8 byte becomes at most 6 bytes ("&quot;"); a replaced control, 3.
    appendBytes(to: &out, atMost: 6 * text.utf8.count) { w in
      for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x26: w.put("&amp;")
        case 0x3C: w.put("&lt;")
        case 0x3E: w.put("&gt;")
        case 0x22: w.put("&quot;")
        case 0x27: w.put("&apos;")
        case 0x09, 0x0A, 0x0D: w.byte(UInt8(scalar.value))
        case 0..<0x20, 0xFFFE, 0xFFFF: w.put("\u{FFFD}")
        case 0x20..<0x80: w.byte(UInt8(scalar.value))
        default: for byte in scalar.utf8 { w.byte(byte) }
        }
      }
    }
  }

  /// Whether any byte of this UTF-8 may need escaping: the ASCII that `appendEscaped`
  /// replaces, or 0xEF, which leads U+FFFE and U+FFFF (and other characters, which the
  /// careful path then copies unchanged).
  static func mayNeedEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // One bit per byte below 0x40: the controls but tab, newline and CR, and " & ' < >.
    let special: UInt64 =
      0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0D)
      | 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
    for byte in bytes {
      if byte < 0x40 {
        if special >> byte & 1 != 0 { return true }
      } else if byte == 0xEF {
        return true
      }
    }
    return false
  }
}

extension ByteCursor {
  /// Writes `name`, the number, and a closing quote: ` cx="12.5"`.
  @inline(__always)
  mutating func attribute(_ name: StaticString, _ value: Double) {
    put(name)
    number(value)
    byte(0x22)
  }
}
