import Face
import Geometry
import LuaHost
import Readable
import Render
import TextMetrics

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
    var w = SVGWriter(reserving: (e.face?.count ?? 0) + 512)
    let faceHeight = faceHeight(layout)
    w.open("rect")
    w.attribute("x", 2)
    w.attribute("y", 2)
    w.attribute("width", cellWidth - 4)
    w.attribute("height", faceHeight + labelHeight - 4)
    w.attribute("fill", "none")
    w.attribute("stroke", "#dddddd")
    w.endEmpty()
    if let face = e.face {
      // A square cell shows the square around the face, which sits at its document's
      // centre (the content rect's), as wide as the document's shorter side, and the
      // margin the widest ears reach into (without it they filled the cell to its edge,
      // touching the next cell's and the sheet's edge).
      let side = min(e.faceWidth, e.faceHeight)
      let margin = side * faceMargin
      let crop =
        layout.square && side > 0
        ? Rect(
          x: (e.faceWidth - side) / 2 - margin, y: (e.faceHeight - side) / 2 - margin,
          width: side + 2 * margin, height: side + 2 * margin)
        : nil
      w.nest(
        face, in: Rect(x: 0, y: 4, width: Double(cellWidth), height: Double(faceHeight - 4)),
        crop: crop)
    } else {
      cross(at: (Double(cellWidth / 2), Double(faceHeight / 2)), reach: 30, width: 4, &w)
    }
    // `--label ''` shows nothing under a face that drew.
    let silent = layout.label == "" && e.face != nil
    let tx = cellWidth / 2
    if !silent {
      let label = cutToCell(e.id, size: 13)
      w.sheetText(label, at: (tx, faceHeight + 14), size: 13, anchor: "middle")
    }
    // The second line: which columns had no value (the face's tooltip says them whole),
    // else the happiness when the smile shows nothing else, else why the row failed.
    var second: String?
    if e.face == nil {
      second = "error (see the report)"
    } else if !e.missing.isEmpty {
      let note = "× no " + e.missing.joined(separator: ", ")
      second = cutToCell(note, size: 11)
    } else if layout.showsHappiness && !silent {
      second = e.happiness.map { "happiness " + SVGNumber.string($0) }
    }
    if let second {
      w.sheetText(second, at: (tx, faceHeight + 30), size: 11, fill: "#555555", anchor: "middle")
    }
    return w.bytes
  }

  /// `text` cut with "…" to a cell's width, less its frame and a little air, as it is set:
  /// in the sheet's sans-serif (DejaVu Sans's widths) at `size` pixels.
  static func cutToCell(_ text: String, size: Int) -> String {
    Truncation.truncatingTail(text, toFit: Double(cellWidth - 12)) {
      TextWidth.em($0, weight: .regular, family: .sansSerif) * Double(size)
    }
  }

  /// A failed row's mark: a red cross of two strokes `reach` from `centre` each way.
  static func cross(
    at centre: (x: Double, y: Double), reach r: Double, width: Int, _ w: inout SVGWriter
  ) {
    let (cx, cy) = centre
    var d: [UInt8] = [0x4D]  // M
    for (i, n) in [cx - r, cy - r, cx + r, cy + r, cx + r, cy - r, cx - r, cy + r].enumerated() {
      if i == 2 || i == 6 {
        d.append(0x4C)
      } else if i == 4 {
        d.append(0x4D)
      } else if i > 0 {
        d.append(0x20)
      }
      SVGNumber.append(n, to: &d)
    }
    w.open("path")
    w.attribute("d", String(decoding: d, as: UTF8.self))
    w.attribute("stroke", "#cc0000")
    w.attribute("stroke-width", width)
    w.attribute("fill", "none")
    w.endEmpty()
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
  /// the grid as wide as a page of `page.size` cells needs. With `band`, only those pixel
  /// rows of the sheet, as a document of their own (a PNG is drawn a band at a time): the
  /// parts that reach into them, moved up by the band's top.
  static func writeGrid(
    _ chunks: [Int], cells: (Int) -> ArraySlice<UInt8>, page: SheetStream.Page,
    band: Range<Int>? = nil, to sink: ByteSink
  ) {
    let (title, layout) = (page.title, page.layout)
    let count = chunks.count
    let grid = Grid(count: count, layout: layout, pageSize: page.size)
    let (columns, cellHeight, width, top) = (grid.columns, grid.cellHeight, grid.width, grid.top)
    let shown = band ?? 0..<grid.height
    let height = shown.count
    sink.svg { w in
      w.startDocument(
        width: width, height: height,
        title: "contact sheet: \(title) (\(plural(count, "row")))", background: "#ffffff")
      if band != nil { w.startGroup(transform: "translate(0 -\(shown.lowerBound))") }
      if let heading = layout.heading, shown.lowerBound < top {
        w.sheetText(heading, at: (width / 2, 25), size: 18, anchor: "middle")
      }
    }
    // The rows of cells that reach into the band.
    let firstRow = max(0, (shown.lowerBound - top) / cellHeight)
    let lastRow = (shown.upperBound - 1 - top) / cellHeight
    let first = min(firstRow * columns, count)
    for k in first..<max(first, min((lastRow + 1) * columns, count)) {
      let x = (k % columns) * cellWidth
      let y = top + (k / columns) * cellHeight
      sink.svg { w in
        w.startGroup(transform: "translate(\(x) \(y))")
        w.bytes += cells(chunks[k])
        w.close()
      }
    }
    sink.svg { w in
      if shown.upperBound > grid.height - grid.legend.height { w.bytes += grid.legend.text }
      w.endDocument()
    }
    sink.flush()
  }

  /// A row's face as the sheet nests it: its ids prefixed `r<row>`.
  static func faceDocument(_ drawing: Drawing, row: Int) -> [UInt8] {
    var out: [UInt8] = []
    SVGRenderer.append(drawing, to: &out, idPrefix: "r\(row)")
    return out
  }
}
