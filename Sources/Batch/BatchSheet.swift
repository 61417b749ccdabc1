import LuaHost
import Psychologist
import Render

/// One cell of a contact sheet: a row's face (nil when the row failed) and its label.
struct SheetEntry: Sendable {
  var row: Int
  var id: String
  var happiness: Double?
  var face: [UInt8]?
  /// The face's braille cells, for `--format terminal` (nil: not asked for, or failed).
  var cells: CellGrid? = nil
  /// The face document's size (its device's content rect).
  var faceWidth = 0.0
  var faceHeight = 0.0
  /// The row's values in the columns `--at` and `--sort` name (nil: absent or missing).
  var x: SheetDatum?
  var y: SheetDatum?
  var sortKey: SheetDatum?

  /// A cell, with the row's values in the columns `layout` places and sorts by.
  init(
    row: Int, id: String, happiness: Double?, face: [UInt8]?, layout: SheetLayout,
    fields: LuaValue
  ) {
    self.row = row
    self.id = id
    self.happiness = happiness
    self.face = face
    if let at = layout.at {
      x = SheetDatum(fields, at.x)
      y = SheetDatum(fields, at.y)
    }
    if let sort = layout.sort { sortKey = SheetDatum(fields, sort.column) }
  }
}

/// The contact sheet: every face of a batch in a grid, in row order (or `--sort`'s), each
/// labelled with its id and happiness, or placed at `--at`'s x and y. Each face is its own
/// SVG document nested as an `<svg>` element, so it keeps its viewBox and is scaled into
/// its cell whatever its size.
enum BatchSheet {
  static let cellWidth = 160
  static let faceHeight = 200
  static let labelHeight = 40

  static func render(
    _ entries: [SheetEntry], title: String, layout: SheetLayout = SheetLayout()
  ) -> [UInt8] {
    let entries = layout.sort.map { $0.sorted(entries) } ?? entries
    if let at = layout.at {
      return SheetScatter.render(entries, title: title, layout: layout, at: at)
    }
    let n = max(entries.count, 1)
    var columns = 1
    while columns * columns < n { columns += 1 }
    if let c = layout.columns { columns = max(1, min(c, n)) }
    let rows = (n + columns - 1) / columns
    let cellHeight = faceHeight + labelHeight
    let width = columns * cellWidth
    let top = layout.heading == nil ? 0 : 36
    let legend = SheetLegend.svg(layout.legend, y: top + rows * cellHeight, width: width)
    let height = top + rows * cellHeight + legend.height
    var out: [UInt8] = []
    func put(_ s: String) { out.append(contentsOf: s.utf8) }
    put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"")
    put(" viewBox=\"0 0 \(width) \(height)\">\n<title>")
    SVGRenderer.appendEscaped("contact sheet: \(title) (\(plural(entries.count, "row")))", to: &out)
    put("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
    if let heading = layout.heading {
      put("<text x=\"\(width / 2)\" y=\"25\" font-family=\"sans-serif\" font-size=\"18\"")
      put(" text-anchor=\"middle\">")
      SVGRenderer.appendEscaped(heading, to: &out)
      put("</text>\n")
    }
    for (k, e) in entries.enumerated() {
      let x = (k % columns) * cellWidth
      let y = top + (k / columns) * cellHeight
      put(
        "<g>\n<rect x=\"\(x + 2)\" y=\"\(y + 2)\" width=\"\(cellWidth - 4)\" height=\"\(cellHeight - 4)\""
      )
      put(" fill=\"none\" stroke=\"#dddddd\"/>\n")
      if let face = e.face {
        out += nested(
          face, x: Double(x), y: Double(y + 4), width: Double(cellWidth),
          height: Double(faceHeight - 4))
      } else {
        let (cx, cy) = (x + cellWidth / 2, y + faceHeight / 2)
        put(
          "<path d=\"M\(cx - 30) \(cy - 30)L\(cx + 30) \(cy + 30)M\(cx + 30) \(cy - 30)L\(cx - 30) \(cy + 30)\""
        )
        put(" stroke=\"#cc0000\" stroke-width=\"4\" fill=\"none\"/>\n")
      }
      let label = e.id.count > 22 ? String(e.id.prefix(21)) + "…" : e.id
      let tx = x + cellWidth / 2
      put(
        "<text x=\"\(tx)\" y=\"\(y + faceHeight + 14)\" font-family=\"sans-serif\" font-size=\"13\""
      )
      put(" text-anchor=\"middle\">")
      SVGRenderer.appendEscaped(label, to: &out)
      put("</text>\n<text x=\"\(tx)\" y=\"\(y + faceHeight + 30)\" font-family=\"sans-serif\"")
      put(" font-size=\"11\" fill=\"#555555\" text-anchor=\"middle\">")
      put(e.happiness.map { "happiness " + SVGNumber.string($0) } ?? "error (see the report)")
      put("</text>\n</g>\n")
    }
    out += legend.text
    put("</svg>\n")
    return out
  }

  /// A face document as a nested `<svg>` placed in a box: the root's namespace and size
  /// give way to the box's position and size. The document was rendered with its row's
  /// id prefix (`faceDocument`), so no two faces share a clip id.
  static func nested(_ doc: [UInt8], x: Double, y: Double, width: Double, height: Double)
    -> [UInt8]
  {
    let viewBox = Array(" viewBox=".utf8)
    guard let v = find(viewBox, in: doc, from: 0) else { return [] }
    let (sx, sy) = (SVGNumber.string(x), SVGNumber.string(y))
    let (sw, sh) = (SVGNumber.string(width), SVGNumber.string(height))
    var out = Array("<svg x=\"\(sx)\" y=\"\(sy)\" width=\"\(sw)\" height=\"\(sh)\"".utf8)
    out += doc[v...]
    if out.last == 0x0A { out.removeLast() }
    out.append(0x0A)
    return out
  }

  /// A row's face as the sheet nests it: its ids prefixed `r<row>`.
  static func faceDocument(_ drawing: Drawing, row: Int) -> [UInt8] {
    var out: [UInt8] = []
    SVGRenderer.append(drawing, to: &out, idPrefix: "r\(row)")
    return out
  }

  static func find(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
    guard needle.count <= hay.count else { return nil }
    var i = from
    while i + needle.count <= hay.count {
      if hay[i] == needle[0] && hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}
