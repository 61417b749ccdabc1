// SVG written element by element, for the documents that are not one `Drawing`: the
// contact sheet, its legend and scatter, the storyboard canvas. They place whole documents
// (faces, screens) in groups and boxes, so they need groups with transform, class and id,
// nested documents and text. With `SVGRenderer`, which writes a `Drawing` (and which this
// calls for a drawing placed in a document), it is the one place that spells SVG's tags;
// both escape text and write numbers the same way.

import Geometry

/// A value an SVG attribute can hold, appended as the attribute's text.
public protocol SVGAttributeValue {
  /// Appends the value's text (escaped where it may need it) to `out`.
  func appendSVGAttribute(to out: inout [UInt8])
}

extension String: SVGAttributeValue {
  /// Text, escaped as XML character data (quotes included).
  public func appendSVGAttribute(to out: inout [UInt8]) {
    SVGRenderer.appendEscaped(self, to: &out)
  }
}

extension Double: SVGAttributeValue {
  /// As `SVGNumber` writes it: at most two decimals, no exponent.
  public func appendSVGAttribute(to out: inout [UInt8]) { SVGNumber.append(self, to: &out) }
}

extension Int: SVGAttributeValue {
  /// Its decimal digits, with a minus sign when negative.
  public func appendSVGAttribute(to out: inout [UInt8]) {
    appendBytes(to: &out, atMost: ByteCursor.maxIntegerLength + 1) { w in
      if self < 0 { w.byte(0x2D) }
      w.integer(UInt64(self.magnitude))
    }
  }
}

/// Writes SVG into a byte buffer, an element at a time: `open` a tag, give its
/// attributes, then end it empty (`/>`), with text, or as the start of children that
/// `close` ends. Each element goes on its own line. Text and string values are escaped,
/// so the document is well-formed whatever they hold.
public struct SVGWriter {
  /// What has been written.
  public var bytes: [UInt8]
  /// The elements started and not yet closed, innermost last.
  private var openElements: [StaticString] = []
  /// The tag opened last, which `endText` closes.
  private var current: StaticString = "svg"

  /// A writer appending to `bytes`.
  public init(bytes: [UInt8] = [], reserving capacity: Int = 0) {
    self.bytes = bytes
    if capacity > 0 { self.bytes.reserveCapacity(self.bytes.count + capacity) }
  }

  /// Starts a document `width`×`height` (its viewBox the same), with its title and a
  /// background filling it, when given; `endDocument` ends it.
  public mutating func startDocument<N: SVGAttributeValue>(
    width: N, height: N, title: String? = nil, background: String? = nil
  ) {
    put("<svg xmlns=\"http://www.w3.org/2000/svg\"")
    attribute("width", width)
    attribute("height", height)
    put(" viewBox=\"0 0 ")
    width.appendSVGAttribute(to: &bytes)
    bytes.append(0x20)
    height.appendSVGAttribute(to: &bytes)
    put("\">\n")
    openElements.append("svg")
    if let title {
      put("<title>")
      SVGRenderer.appendEscaped(title, to: &bytes)
      put("</title>\n")
    }
    if let background {
      put("<rect width=\"100%\" height=\"100%\"")
      attribute("fill", background)
      put("/>\n")
    }
  }

  /// Ends the document `startDocument` began (and any element left open in it).
  public mutating func endDocument() {
    while !openElements.isEmpty { close() }
  }

  /// Opens the tag `<name`; its attributes follow, then one of the `end…` calls.
  @inline(__always)
  public mutating func open(_ name: StaticString) {
    bytes.append(0x3C)  // <
    put(name)
    current = name
  }

  /// Writes ` name="value"` into the open tag.
  @inline(__always)
  public mutating func attribute<V: SVGAttributeValue>(_ name: StaticString, _ value: V) {
    bytes.append(0x20)
    put(name)
    put("=\"")
    value.appendSVGAttribute(to: &bytes)
    bytes.append(0x22)
  }

  /// Writes ` name="value"` for a name known only at run time (escaped as the value is).
  public mutating func attribute(named name: String, _ value: String) {
    bytes.append(0x20)
    SVGRenderer.appendEscaped(name, to: &bytes)
    put("=\"")
    SVGRenderer.appendEscaped(value, to: &bytes)
    bytes.append(0x22)
  }

  /// Ends the open tag as an element without content: `/>`.
  @inline(__always)
  public mutating func endEmpty() { put("/>\n") }

  /// Ends the open tag as an element holding `text` (escaped), closed at once.
  public mutating func endText(_ text: String) {
    bytes.append(0x3E)  // >
    SVGRenderer.appendEscaped(text, to: &bytes)
    put("</")
    put(current)
    put(">\n")
  }

  /// Ends the open tag as the start of an element whose children follow, up to `close`.
  public mutating func endStart() {
    put(">\n")
    openElements.append(current)
  }

  /// Closes the innermost element `endStart` left open.
  public mutating func close() {
    guard let name = openElements.popLast() else { return }
    put("</")
    put(name)
    put(">\n")
  }

  /// Starts a group (`<g>`) with a class, an id and a transform where given; `close`
  /// ends it.
  public mutating func startGroup(
    class className: String? = nil, id: String? = nil, transform: String? = nil
  ) {
    open("g")
    if let className { attribute("class", className) }
    if let id { attribute("id", id) }
    if let transform { attribute("transform", transform) }
    endStart()
  }

  /// Writes a drawing as a whole document in place (nested documents keep their own
  /// viewBox), its ids starting with `idPrefix`.
  public mutating func drawing(_ drawing: Drawing, idPrefix: String = "") {
    SVGRenderer.append(drawing, to: &bytes, idPrefix: idPrefix)
  }

  /// Writes a document (SVG bytes, as `SVGRenderer` writes them) nested in the box `box`
  /// as an `<svg>` element: the root's namespace and size give way to the box's position
  /// and size, and with `crop` its viewBox to that rectangle. Nothing is written when the
  /// document has no viewBox.
  public mutating func nest(
    _ document: [UInt8], in box: Rect, crop: Rect? = nil, class className: String? = nil
  ) {
    let viewBox = Array(" viewBox=".utf8)
    guard let v = Self.find(viewBox, in: document) else { return }
    open("svg")
    if let className { attribute("class", className) }
    attribute("x", box.x)
    attribute("y", box.y)
    attribute("width", box.width)
    attribute("height", box.height)
    // A crop replaces the document's viewBox (its value ends at the second quote after it).
    if let crop, let open = document[(v + viewBox.count)...].firstIndex(of: 0x22),
      let close = document[(open + 1)...].firstIndex(of: 0x22)
    {
      put(" viewBox=\"")
      for (i, n) in [crop.x, crop.y, crop.width, crop.height].enumerated() {
        if i > 0 { bytes.append(0x20) }
        SVGNumber.append(n, to: &bytes)
      }
      bytes.append(0x22)
      bytes += document[(close + 1)...]
    } else {
      bytes += document[v...]
    }
    if bytes.last == 0x0A { bytes.removeLast() }
    bytes.append(0x0A)
  }

  /// Where `needle` first occurs in `hay`.
  static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
    guard let first = needle.first, needle.count <= hay.count else { return nil }
    var i = 0
    while i + needle.count <= hay.count {
      if hay[i] == first && hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  @inline(__always)
  private mutating func put(_ s: StaticString) {
    appendBytes(to: &bytes, atMost: s.utf8CodeUnitCount) { $0.put(s) }
  }
}
