// `batch --format terminal`: the contact sheet as a grid of small braille faces on standard
// output, each labelled, the legend once on top, written a grid row at a time as rows are
// settled (in row order), so a dataset of any length is shown with a few faces in memory.

import Channels
import Geometry
import Glibc
import Readable
import Render
import Storyboard
import TextMetrics

/// How the terminal sheet is laid out; the command line decides from the terminal's size.
package struct TerminalSheetLayout: Sendable {
  /// Cells a face is wide.
  package var faceColumns: Int
  /// Lines a face is tall.
  package var faceRows: Int
  /// Faces a grid row.
  package var columns: Int
  /// The terminal's width in cells (the legend is packed into it).
  package var width: Int
  /// Lines a page holds before `pause` is asked (nil: one page, no pauses).
  package var pageLines: Int?
  /// The faces' colours.
  package var colors: ColorMode

  /// A layout for a terminal `width`×`height` cells: `columns` faces a row when given (as
  /// wide as that leaves them), else faces 16 cells wide and as many as fit; a face never
  /// taller than a page leaves room for its label and the prompt.
  package static func fitting(
    width: Int, height: Int, columns: Int?, paged: Bool, colors: ColorMode
  ) -> TerminalSheetLayout {
    let width = min(max(width, 1), TerminalRenderer.maxColumns)
    let height = min(max(height, 1), TerminalRenderer.maxRows)
    var faceColumns = 16
    if let columns { faceColumns = width / max(columns, 1) - gap }
    // Cells are about twice as tall as wide, so a face half as many lines as cells is round.
    let tallest = max(height - 3, 2)
    faceColumns = max(4, min(faceColumns, 2 * tallest, width, largestFace))
    let count = columns ?? max(1, (width + gap) / (faceColumns + gap))
    return TerminalSheetLayout(
      faceColumns: faceColumns, faceRows: (faceColumns + 1) / 2, columns: count, width: width,
      pageLines: paged ? max(height - 1, 1) : nil, colors: colors)
  }

  /// Blank cells between two faces.
  static let gap = 1
  /// The widest face, whatever the terminal: beyond it a face shows nothing more, and each
  /// would cost a raster the size of a screen.
  static let largestFace = 100
}

/// What the user answered at the end of a page.
package enum PageAnswer: Sendable {
  /// Show the next page.
  case next
  /// Stop here: the rest is not drawn (`q`).
  case quit
  /// Ctrl-C or a signal: stop as an interrupted batch does.
  case interrupt
}

/// The terminal sheet a batch writes: options from the command line.
package struct TerminalSheetOptions: Sendable {
  /// Sizes and colours.
  package var layout: TerminalSheetLayout
  /// Asked when a page is full (stdout is a terminal), with whether the batch was
  /// interrupted meanwhile; nil: pages follow one another.
  package var pause: Pause?
  /// See `pause`.
  package typealias Pause = @Sendable (_ interrupted: () -> Bool) -> PageAnswer

  /// Options for `layout`, unpaged unless `pause` is given.
  package init(layout: TerminalSheetLayout, pause: Pause? = nil) {
    self.layout = layout
    self.pause = pause
  }
}

/// The terminal sheet's cells and text: faces, labels, legend. Pure (no I/O).
enum TerminalSheet {
  /// A row's small face: `faceRows` rows of `faceColumns` cells. The face is drawn into a
  /// square (its content rect would leave it small in a tall cell), with a margin for the
  /// ears that stick out of the head.
  static func face(_ items: [Item], layout: TerminalSheetLayout) -> CellGrid {
    let drawing = Drawing(
      width: faceBox + 2 * faceMargin, height: faceBox + 2 * faceMargin, items: items)
    return TerminalRenderer.cells(
      drawing, columns: layout.faceColumns, rows: layout.faceRows, ascii: false,
      paintsBackgrounds: layout.colors != .none)
  }

  /// The square a small face is drawn into, and the margin around it, in points.
  static let faceBox = 100.0
  static let faceMargin = 6.0
  /// Where the face is drawn in its drawing.
  static var faceRect: Rect { Rect(x: faceMargin, y: faceMargin, width: faceBox, height: faceBox) }

  /// One grid row: the faces placed side by side in one grid of cells (a blank column
  /// between two), then their labels; lines end in "\n", without trailing blanks.
  static func gridRow(_ entries: [SheetEntry], layout: TerminalSheetLayout) -> [UInt8] {
    let gap = TerminalSheetLayout.gap
    let step = layout.faceColumns + gap
    var faces = CellGrid(columns: entries.count * step - gap, rows: layout.faceRows)
    let failed = failedFace(layout)
    for (k, e) in entries.enumerated() {
      let left = k * step
      faces.place(
        e.cells ?? failed,
        in: CellRect(left: left, top: 0, right: left + layout.faceColumns, bottom: layout.faceRows))
    }
    var out: [UInt8] = []
    // A face's blank cells keep the colour of its dots before them, and the blank column
    // after a face is the terminal's own look: each face's colours end where it does.
    for line in TerminalEncoder(colors: layout.colors).lines(faces) {
      out += line
      trimTrailingSpaces(&out)
      out.append(0x0A)
    }
    for (k, e) in entries.enumerated() {
      if k > 0 { out.append(0x20) }
      out += fit(e.id, width: layout.faceColumns, pad: k < entries.count - 1).utf8
    }
    trimTrailingSpaces(&out)
    out.append(0x0A)
    return out
  }

  /// A failed row's cell: a cross in its middle, red.
  static func failedFace(_ layout: TerminalSheetLayout) -> CellGrid {
    var grid = CellGrid(columns: layout.faceColumns, rows: layout.faceRows)
    let red = grid.style(CellStyle(foreground: .basic(1)))
    grid.write("✗", (layout.faceColumns - 1) / 2, layout.faceRows / 2, style: red)
    return grid
  }

  /// The lines above the grid: the title, then the legend packed into as many columns as
  /// the width takes; every line at most `width` cells.
  static func heading(title: String?, legend: [String], width: Int) -> [String] {
    var out: [String] = []
    if let title { out.append(fit(title, width: width, pad: false)) }
    guard !legend.isEmpty else { return out }
    out.append(fit("channels ← columns (range):", width: width, pad: false))
    let safe = legend.map { terminalSafe($0) }
    let widths = safe.map(displayWidth)
    // As `ls` packs names: the most columns (filled down first) whose widths fit.
    var best = (lines: safe.count, columnWidths: [widths.max() ?? 0])
    for count in stride(from: safe.count, through: 2, by: -1) {
      let lines = (safe.count + count - 1) / count
      let columnWidths = stride(from: 0, to: safe.count, by: lines).map {
        widths[$0..<min($0 + lines, safe.count)].max() ?? 0
      }
      if columnWidths.reduce(0, +) + 3 * (columnWidths.count - 1) <= width {
        best = (lines, columnWidths)
        break
      }
    }
    for i in 0..<best.lines {
      var line = ""
      for (j, w) in best.columnWidths.enumerated() {
        let k = j * best.lines + i
        guard k < safe.count else { break }
        line += (j > 0 ? "   " : "") + fit(safe[k], width: w, pad: true)
      }
      out.append(fit(line, width: width, pad: false).trimmingSpaces())
    }
    return out
  }

  /// face_color's swatches under the legend: a block in each colour and what it stands
  /// for, as many a line as `layout.width` takes; nothing without colours, where a block
  /// would say nothing.
  static func swatchLines(_ swatches: [(color: Color, label: String)], layout: TerminalSheetLayout)
    -> (bytes: [UInt8], lines: Int)
  {
    guard layout.colors != .none, !swatches.isEmpty else { return ([], 0) }
    let items = swatches.map { (color: $0.color, label: fit($0.label, width: 20, pad: false)) }
    // Each item is "██ label", three blanks apart.
    var lines: [[(color: Color, label: String)]] = [[]]
    var used = 0
    for item in items {
      let w = 3 + displayWidth(item.label)
      if !lines[lines.count - 1].isEmpty && used + 3 + w > layout.width {
        lines.append([])
        used = 0
      }
      used += (lines[lines.count - 1].isEmpty ? 0 : 3) + w
      lines[lines.count - 1].append(item)
    }
    var out: [UInt8] = []
    for line in lines {
      var grid = CellGrid(columns: layout.width, rows: 1)
      var x = 0
      for item in line {
        if x > 0 { x += 3 }
        let block = grid.style(CellStyle(foreground: .rgb(item.color)))
        x = grid.write("██", x, 0, style: block)
        x = grid.write(" " + item.label, x, 0)
      }
      for encoded in TerminalEncoder(colors: layout.colors).lines(grid) {
        out += encoded
        trimTrailingSpaces(&out)
        out.append(0x0A)
      }
    }
    return (out, lines.count)
  }

  /// `text` made terminal safe (controls shown as `\x1b`), cut to `width` cells with "…"
  /// when longer, and padded with spaces to `width` when `pad`.
  static func fit(_ text: String, width: Int, pad: Bool) -> String {
    let out = MenuLayout.fitted(terminalSafe(text), room: width)
    let used = pad ? displayWidth(out) : width
    return used < width ? out + String(repeating: " ", count: width - used) : out
  }

  /// Cells `text` takes in a terminal.
  static func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + terminalCellWidth($1.value) }
  }

  fileprivate static func trimTrailingSpaces(_ out: inout [UInt8]) {
    while out.last == 0x20 { out.removeLast() }
  }
}

extension String {
  /// Without its trailing spaces.
  fileprivate func trimmingSpaces() -> String {
    var bytes = Array(utf8)
    TerminalSheet.trimTrailingSpaces(&bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The terminal sheet being written: takes settled rows in row order, writes each grid row
/// once it is full, and asks `pause` when a page is full. Holds one grid row of faces.
final class TerminalSheetStream: @unchecked Sendable {
  private let options: TerminalSheetOptions
  private let write: ([UInt8]) -> Void
  private var pending: [SheetEntry] = []
  private var linesOnPage = 0
  /// The user pressed q or Ctrl-C at a page's end: nothing more is shown.
  private(set) var quit = false
  /// It was q (the batch ends as asked, not interrupted).
  private(set) var quitByKey = false
  /// Faces shown so far.
  private(set) var shown = 0

  /// A stream writing with `write`, starting with the title and legend.
  init(
    _ options: TerminalSheetOptions, title: String?, legend: [LegendEntry],
    write: @escaping ([UInt8]) -> Void
  ) {
    self.options = options
    self.write = write
    let heading = TerminalSheet.heading(
      title: title, legend: legend.map(\.text), width: options.layout.width)
    let swatches = TerminalSheet.swatchLines(
      legend.flatMap(\.swatches), layout: options.layout)
    if !heading.isEmpty {
      // No blank line after it: a face's top line is blank (its margin).
      write(Array((heading.joined(separator: "\n") + "\n").utf8) + swatches.bytes)
      linesOnPage = heading.count + swatches.lines
    }
  }

  /// Takes the next row's cell (rows come in order); nothing once the user quit.
  func add(_ entry: SheetEntry) {
    guard !quit else { return }
    pending.append(entry)
    if pending.count >= max(options.layout.columns, 1) { emit() }
  }

  /// Writes the last, partial grid row (no pause after the last page).
  func finish() {
    if !quit && !pending.isEmpty { emit() }
  }

  private func emit() {
    let layout = options.layout
    let lines = layout.faceRows + 1
    if let page = layout.pageLines, let pause = options.pause, linesOnPage > 0,
      linesOnPage + lines > page
    {
      let answer = pause { BatchInterrupt.raised }
      // The pager had the terminal's signals while it waited; a Ctrl-C from now on stops
      // the batch as it always does.
      BatchInterrupt.install()
      guard answer == .next else {
        quit = true
        quitByKey = answer == .quit
        pending.removeAll()
        // Stopped as Ctrl-C stops a batch: the rows in hand finish, the rest are skipped.
        BatchInterrupt.flag.store(true, ordering: .relaxed)
        return
      }
      linesOnPage = 0
    }
    write(TerminalSheet.gridRow(pending, layout: layout))
    linesOnPage += lines
    shown += pending.count
    pending.removeAll(keepingCapacity: true)
  }
}
