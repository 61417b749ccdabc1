import LuaHost
import Geometry
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
  /// The spool's chunk holding this row's cell (or, for `--at`, its face).
  var spooled: Int?
  /// The columns without a value in this row (the note under its face).
  var missing: [String] = []
  /// Its cell of a grid sheet, when the worker that drew the row drew it too (the face
  /// is then dropped: the cell holds it).
  var cell: [UInt8]?

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
/// its cell whatever its size. A cell is made at the origin as its row is settled
/// (`cell`) and placed by a translation when the sheet is written (`writeGrid`), since
/// where it goes depends on how many rows there are.
enum BatchSheet {
  static let cellWidth = 160
  static let faceHeight = 200
  static let labelHeight = 40

  /// One cell of the grid, its top left corner at the origin: a frame, the face (or a red
  /// cross for a failed row), the label and the happiness.
  static func cell(_ e: SheetEntry, layout: SheetLayout) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity((e.face?.count ?? 0) + 512)
    // Literal text and whole numbers as bytes: a cell a row, with no string built between.
    func put(_ s: String) { out.append(contentsOf: s.utf8) }
    func put(_ n: Int) { SVGNumber.append(Double(n), to: &out) }
    let faceHeight = faceHeight(layout)
    put("<rect x=\"2\" y=\"2\" width=\"")
    put(cellWidth - 4)
    put("\" height=\"")
    put(faceHeight + labelHeight - 4)
    put("\" fill=\"none\" stroke=\"#dddddd\"/>\n")
    if let face = e.face {
      // A square cell shows the square around the face, which sits at its document's
      // centre (the content rect's), as wide as the document's shorter side.
      let side = min(e.faceWidth, e.faceHeight)
      let crop =
        layout.square && side > 0
        ? Rect(
          x: (e.faceWidth - side) / 2, y: (e.faceHeight - side) / 2, width: side, height: side)
        : nil
      nested(
        face, x: 0, y: 4, width: Double(cellWidth), height: Double(faceHeight - 4), crop: crop,
        into: &out)
    } else {
      let (cx, cy) = (cellWidth / 2, faceHeight / 2)
      put(
        "<path d=\"M\(cx - 30) \(cy - 30)L\(cx + 30) \(cy + 30)M\(cx + 30) \(cy - 30)L\(cx - 30) \(cy + 30)\""
      )
      put(" stroke=\"#cc0000\" stroke-width=\"4\" fill=\"none\"/>\n")
    }
    // `--label ''` shows nothing under a face that drew.
    let silent = layout.label == "" && e.face != nil
    let tx = cellWidth / 2
    if !silent {
      let label = e.id.count > 22 ? String(e.id.prefix(21)) + "…" : e.id
      put("<text x=\"")
      put(tx)
      put("\" y=\"")
      put(faceHeight + 14)
      put("\" font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\">")
      SVGRenderer.appendEscaped(label, to: &out)
      put("</text>\n")
    }
    // The second line: which columns had no value (the face's tooltip says them whole),
    // else the happiness when the smile shows nothing else, else why the row failed.
    var second: String?
    if e.face == nil {
      second = "error (see the report)"
    } else if !e.missing.isEmpty {
      let note = "× no " + e.missing.joined(separator: ", ")
      second = note.count > 26 ? String(note.prefix(25)) + "…" : note
    } else if layout.showsHappiness && !silent {
      second = e.happiness.map { "happiness " + SVGNumber.string($0) }
    }
    if let second {
      put("<text x=\"\(tx)\" y=\"\(faceHeight + 30)\" font-family=\"sans-serif\"")
      put(" font-size=\"11\" fill=\"#555555\" text-anchor=\"middle\">")
      SVGRenderer.appendEscaped(second, to: &out)
      put("</text>\n")
    }
    return out
  }

  /// The height of a cell's face box: as wide as high for a data sheet.
  static func faceHeight(_ layout: SheetLayout) -> Int { layout.square ? cellWidth : faceHeight }

  /// The grid's faces a row for `n` cells: `--columns`, else as square a grid as fits.
  static func columns(_ n: Int, layout: SheetLayout) -> Int {
    let n = max(n, 1)
    var columns = 1
    while columns * columns < n { columns += 1 }
    if let c = layout.columns { columns = max(1, min(c, n)) }
    return columns
  }

  /// Where a grid sheet's parts go: the measures of a page of `count` cells, as wide as a
  /// page of `pageSize` cells needs.
  struct Grid {
    var count, columns, rows, cellHeight, width, top, height: Int
    var legend: (text: [UInt8], height: Int, width: Int)

    init(count: Int, layout: SheetLayout, pageSize: Int) {
      self.count = count
      let n = max(count, 1)
      // Every page as wide as a full one.
      columns = BatchSheet.columns(max(pageSize, n), layout: layout)
      rows = (n + columns - 1) / columns
      cellHeight = BatchSheet.faceHeight(layout) + labelHeight
      width = columns * cellWidth
      top = layout.heading == nil ? 0 : 36
      legend = SheetLegend.svg(layout.legend, y: top + rows * cellHeight, width: width)
      // A legend line longer than the grid is wide widens the sheet.
      width = legend.width
      height = top + rows * cellHeight + legend.height
    }

    /// Bands of whole rows of cells, each at most `pixels` pixels and `tallest` pixel rows
    /// (at least one row of cells), covering the sheet from its top to its bottom: the
    /// heading goes with the first, the legend with the last.
    func bands(pixels: Int, tallest: Int = SheetPNG.widest) -> [Range<Int>] {
      // A narrow sheet (one column) would put thousands of rows in a band by pixel count
      // alone: a band is one drawing, which cairo draws up to 32,767 pixels on a side, and
      // the first and last bands carry the heading and the legend besides their rows.
      let byPixels = pixels / max(width * cellHeight, 1)
      let byHeight = (tallest - top - legend.height) / max(cellHeight, 1)
      let perBand = max(1, min(byPixels, byHeight))
      var bands: [Range<Int>] = []
      var y = 0
      var row = 0
      while row < rows {
        row = min(row + perBand, rows)
        let end = row == rows ? height : top + row * cellHeight
        bands.append(y..<end)
        y = end
      }
      return bands
    }
  }

  /// Writes the grid sheet of the cells numbered `chunks` (each made by `cell`, read back
  /// by `cells`) to `sink`: the header, each cell placed as it is read back, the legend;
  /// the grid as wide as a page of `pageSize` cells needs. With `band`, only those pixel
  /// rows of the sheet, as a document of their own (a PNG is drawn a band at a time): the
  /// parts that reach into them, moved up by the band's top.
  static func writeGrid(
    _ chunks: [Int], cells: (Int) -> ArraySlice<UInt8>, title: String, layout: SheetLayout,
    pageSize: Int, band: Range<Int>? = nil, to sink: ByteSink
  ) {
    let count = chunks.count
    let grid = Grid(count: count, layout: layout, pageSize: pageSize)
    let (columns, cellHeight, width, top) = (grid.columns, grid.cellHeight, grid.width, grid.top)
    let shown = band ?? 0..<grid.height
    let height = shown.count
    sink.put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"")
    sink.put(" viewBox=\"0 0 \(width) \(height)\">\n<title>")
    sink.escaped("contact sheet: \(title) (\(plural(count, "row")))")
    sink.put("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
    if band != nil { sink.put("<g transform=\"translate(0 -\(shown.lowerBound))\">\n") }
    if let heading = layout.heading, shown.lowerBound < top {
      sink.put("<text x=\"\(width / 2)\" y=\"25\" font-family=\"sans-serif\" font-size=\"18\"")
      sink.put(" text-anchor=\"middle\">")
      sink.escaped(heading)
      sink.put("</text>\n")
    }
    // The rows of cells that reach into the band.
    let firstRow = max(0, (shown.lowerBound - top) / cellHeight)
    let lastRow = (shown.upperBound - 1 - top) / cellHeight
    let first = min(firstRow * columns, count)
    for k in first..<max(first, min((lastRow + 1) * columns, count)) {
      let x = (k % columns) * cellWidth
      let y = top + (k / columns) * cellHeight
      sink.put("<g transform=\"translate(\(x) \(y))\">\n")
      sink.put(bytes: cells(chunks[k]))
      sink.put("</g>\n")
    }
    if shown.upperBound > grid.height - grid.legend.height { sink.put(bytes: grid.legend.text) }
    if band != nil { sink.put("</g>\n") }
    sink.put("</svg>\n")
    sink.flush()
  }

  /// A face document as a nested `<svg>` placed in a box: the root's namespace and size
  /// give way to the box's position and size. The document was rendered with its row's
  /// id prefix (`faceDocument`), so no two faces share a clip id.
  static func nested(
    _ doc: [UInt8], x: Double, y: Double, width: Double, height: Double, crop: Rect? = nil
  ) -> [UInt8] {
    var out: [UInt8] = []
    nested(doc, x: x, y: y, width: width, height: height, crop: crop, into: &out)
    return out
  }

  /// Appends `nested(_:x:y:width:height:crop:)`'s bytes to `out` (nothing when `doc` has
  /// no viewBox).
  static func nested(
    _ doc: [UInt8], x: Double, y: Double, width: Double, height: Double, crop: Rect?,
    into out: inout [UInt8]
  ) {
    let viewBox = Array(" viewBox=".utf8)
    guard let v = find(viewBox, in: doc, from: 0) else { return }
    func attribute(_ name: String, _ value: Double) {
      out.append(contentsOf: name.utf8)
      SVGNumber.append(value, to: &out)
      out.append(0x22)
    }
    out.append(contentsOf: "<svg".utf8)
    attribute(" x=\"", x)
    attribute(" y=\"", y)
    attribute(" width=\"", width)
    attribute(" height=\"", height)
    // A crop replaces the document's viewBox (its value ends at the second quote after it).
    if let crop, let open = doc[(v + viewBox.count)...].firstIndex(of: 0x22),
      let close = doc[(open + 1)...].firstIndex(of: 0x22)
    {
      out.append(contentsOf: " viewBox=\"".utf8)
      for (i, n) in [crop.x, crop.y, crop.width, crop.height].enumerated() {
        if i > 0 { out.append(0x20) }
        SVGNumber.append(n, to: &out)
      }
      out.append(0x22)
      out += doc[(close + 1)...]
    } else {
      out += doc[v...]
    }
    if out.last == 0x0A { out.removeLast() }
    out.append(0x0A)
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
