// Drawing -> SVG text. One element per item; consecutive items with the same paint share
// a <g> carrying the paint attributes. Output is byte-for-byte deterministic and always
// a valid XML document, whatever the numbers and strings in the drawing.

/// Writes a `Drawing` as a complete, minimal SVG 1.1 document.
public enum SVGRenderer {
  /// The drawing as an SVG document (UTF-8 text ending in a newline).
  public static func render(_ d: Drawing) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(400 + d.items.count * 80)
    append(d, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the drawing's SVG document to `out` (no String is built on the way).
  public static func append(_ d: Drawing, to out: inout [UInt8]) {
    let width = nonNegative(d.width)
    let height = nonNegative(d.height)
    put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", &out)
    SVGNumber.append(width, to: &out)
    put("\" height=\"", &out)
    SVGNumber.append(height, to: &out)
    put("\" viewBox=\"0 0 ", &out)
    SVGNumber.append(width, to: &out)
    out.append(0x20)
    SVGNumber.append(height, to: &out)
    put("\">\n", &out)
    if let title = d.title {
      put("<title>", &out)
      appendEscaped(title, to: &out)
      put("</title>\n", &out)
    }
    let items = d.items
    var clips: [Rect] = []
    for item in items {
      if let clip = item.clip, !clips.contains(clip) { clips.append(clip) }
    }
    if !clips.isEmpty {
      put("<defs>\n", &out)
      for (index, clip) in clips.enumerated() {
        put("<clipPath id=\"c", &out)
        SVGNumber.appendInteger(UInt64(index), to: &out)
        put("\">", &out)
        appendRect(clip, to: &out)
        put("/></clipPath>\n", &out)
      }
      put("</defs>\n", &out)
    }
    if let background = d.background {
      put("<rect width=\"100%\" height=\"100%\" fill=\"", &out)
      background.appendSVG(to: &out)
      put("\"/>\n", &out)
    }
    var i = 0
    let count = items.count
    while i < count {
      let paint = items[i].paint
      var j = i + 1
      while j < count && items[j].paint == paint { j += 1 }
      if j - i == 1 {
        appendElement(items[i], paintAttributes: paint, clips: clips, to: &out)
      } else {
        put("<g", &out)
        appendPaint(paint, to: &out)
        put(">\n", &out)
        for k in i..<j {
          appendElement(items[k], paintAttributes: nil, clips: clips, to: &out)
        }
        put("</g>\n", &out)
      }
      i = j
    }
    put("</svg>\n", &out)
  }

  @inline(__always)
  static func put(_ s: StaticString, _ out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  @inline(__always)
  static func nonNegative(_ v: Double) -> Double { v > 0 ? v : 0 }

  @inline(__always)
  static func attribute(_ name: StaticString, _ value: Double, _ out: inout [UInt8]) {
    put(name, &out)
    SVGNumber.append(value, to: &out)
    out.append(0x22)
  }

  /// ` fill=".." stroke=".." stroke-width=".." stroke-linecap="round" opacity=".."`
  static func appendPaint(_ paint: Paint, to out: inout [UInt8]) {
    if let fill = paint.fill {
      put(" fill=\"", &out)
      fill.appendSVG(to: &out)
      out.append(0x22)
    } else {
      put(" fill=\"none\"", &out)
    }
    if let stroke = paint.stroke {
      put(" stroke=\"", &out)
      stroke.appendSVG(to: &out)
      attribute("\" stroke-width=\"", nonNegative(paint.lineWidth), &out)
      put(" stroke-linecap=\"round\"", &out)
    }
    if !(paint.opacity >= 1) {  // NaN counts as fully transparent
      attribute(" opacity=\"", nonNegative(paint.opacity), &out)
    }
  }

  static func appendRect(_ r: Rect, to out: inout [UInt8]) {
    // Negative sizes are invalid in SVG: normalise to the same area.
    let x = r.width < 0 ? r.x + r.width : r.x
    let y = r.height < 0 ? r.y + r.height : r.y
    attribute("<rect x=\"", x, &out)
    attribute(" y=\"", y, &out)
    attribute(" width=\"", r.width.magnitude, &out)
    attribute(" height=\"", r.height.magnitude, &out)
  }

  static func appendElement(
    _ item: Item, paintAttributes: Paint?, clips: [Rect], to out: inout [UInt8]
  ) {
    var isText = false
    switch item.shape {
    case .circle(let c, let r):
      attribute("<circle cx=\"", c.x, &out)
      attribute(" cy=\"", c.y, &out)
      attribute(" r=\"", nonNegative(r), &out)
    case .ellipse(let c, let rx, let ry):
      attribute("<ellipse cx=\"", c.x, &out)
      attribute(" cy=\"", c.y, &out)
      attribute(" rx=\"", nonNegative(rx), &out)
      attribute(" ry=\"", nonNegative(ry), &out)
    case .line(let a, let b):
      attribute("<line x1=\"", a.x, &out)
      attribute(" y1=\"", a.y, &out)
      attribute(" x2=\"", b.x, &out)
      attribute(" y2=\"", b.y, &out)
    case .cubic(let p0, let p1, let p2, let p3):
      put("<path d=\"M", &out)
      SVGNumber.append(p0.x, to: &out)
      out.append(0x20)
      SVGNumber.append(p0.y, to: &out)
      out.append(0x43)  // C
      SVGNumber.append(p1.x, to: &out)
      out.append(0x20)
      SVGNumber.append(p1.y, to: &out)
      out.append(0x20)
      SVGNumber.append(p2.x, to: &out)
      out.append(0x20)
      SVGNumber.append(p2.y, to: &out)
      out.append(0x20)
      SVGNumber.append(p3.x, to: &out)
      out.append(0x20)
      SVGNumber.append(p3.y, to: &out)
      out.append(0x22)
    case .polyline(let points):
      put("<polyline points=\"", &out)
      for (index, p) in points.enumerated() {
        if index > 0 { out.append(0x20) }
        SVGNumber.append(p.x, to: &out)
        out.append(0x2C)
        SVGNumber.append(p.y, to: &out)
      }
      out.append(0x22)
    case .rect(let r):
      appendRect(r, to: &out)
    case .text(_, let at, let size):
      isText = true
      attribute("<text x=\"", at.x, &out)
      attribute(" y=\"", at.y, &out)
      attribute(" font-size=\"", nonNegative(size), &out)
      put(" font-family=\"sans-serif\"", &out)
    }
    if let paint = paintAttributes {
      if isText {
        appendTextPaint(paint, to: &out)
      } else {
        appendPaint(paint, to: &out)
      }
    } else if isText {
      appendTextPaint(item.paint, to: &out)
    }
    if let clip = item.clip, let index = clips.firstIndex(of: clip) {
      put(" clip-path=\"url(#c", &out)
      SVGNumber.appendInteger(UInt64(index), to: &out)
      put(")\"", &out)
    }
    if case .text(let text, _, _) = item.shape {
      out.append(0x3E)
      appendEscaped(text, to: &out)
      put("</text>\n", &out)
    } else {
      put("/>\n", &out)
    }
  }

  /// Text is filled with the fill colour, else the stroke colour, and never stroked.
  static func appendTextPaint(_ paint: Paint, to out: inout [UInt8]) {
    put(" fill=\"", &out)
    (paint.fill ?? paint.stroke ?? .black).appendSVG(to: &out)
    put("\" stroke=\"none\"", &out)
    if !(paint.opacity >= 1) {
      attribute(" opacity=\"", nonNegative(paint.opacity), &out)
    }
  }

  /// Appends `text` as XML character data: `& < > " '` escaped, and every character that
  /// XML 1.0 forbids (controls other than tab, newline and CR; U+FFFE, U+FFFF) replaced
  /// by U+FFFD, so the document stays well-formed whatever the string holds.
  public static func appendEscaped(_ text: String, to out: inout [UInt8]) {
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x26: put("&amp;", &out)
      case 0x3C: put("&lt;", &out)
      case 0x3E: put("&gt;", &out)
      case 0x22: put("&quot;", &out)
      case 0x27: put("&apos;", &out)
      case 0x09, 0x0A, 0x0D: out.append(UInt8(scalar.value))
      case 0..<0x20, 0xFFFE, 0xFFFF: put("\u{FFFD}", &out)
      case 0x20..<0x80: out.append(UInt8(scalar.value))
      default: out.append(contentsOf: String(scalar).utf8)
      }
    }
  }
}
