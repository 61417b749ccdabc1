// The sheet writer stage of a batch: once every row is settled, the gathered sheet is
// laid out and written, a page at a time, as SVG or PNG, to a file or standard output.

import CLISupport
import Files

/// The contact sheet to write at the end of a batch.
struct SheetJob {
  /// The sheet's pages.
  let pages: SheetPages
  /// Where it goes (`-`: standard output).
  let path: String
  /// The file, opened in its folder at the start (nil for standard output).
  let file: LaterFile?
  /// A stream's sheet columns, checked from the rows drawn (nil: checked before).
  let check: SheetColumns?
  /// The input's name in messages.
  let inputName: String

  /// Lays the gathered sheet out and writes it, noting in `summary` what went wrong; false
  /// when `check` (a stream's sheet columns, checked from the rows drawn) refuses it.
  func finish(_ summary: inout BatchSummary, shared: SharedOutput, say: (String) -> Void) -> Bool {
    let (sheet, layout) = (pages.sheet, pages.layout)
    if layout.at != nil { summary.unplaced = sheet.unplaced }
    if let problem = check?.problem(entries: sheet.entries, inputName: inputName) {
      say("cannot lay the contact sheet out: \(problem)")
      summary.sheetRefused = true
      return false
    }
    do {
      try write(shared: shared)
    } catch {
      say("cannot write the contact sheet: \(error)")
      summary.outputFailed = true
    }
    return true
  }

  /// Writes the gathered sheet: to standard output (`-`), to a PNG (a grid drawn a band at
  /// a time, `SheetPNG`; an `--at` sheet, whose size is the plot's, whole in memory), or to
  /// an SVG file written as it is read back from the spool, a file a page with `perPage`
  /// (`sheet-001.svg`, …).
  func write(shared: SharedOutput) throws {
    let (sheet, perPage) = (pages.sheet, pages.perPage)
    if let failure = sheet.failure { throw failure }
    let count = sheet.pages(perPage)
    guard path != "-" else {
      let sink = ByteSink { shared.write(1, $0) }  // on purpose, as -o - (a failure is stdout's)
      for page in 0..<count { pages.write(page: page, to: sink) }
      return
    }
    guard let file else { return }
    for page in 0..<count {
      let name = count > 1 || perPage != nil ? SheetStream.pageName(path, page: page) : nil
      if isPNGFile(path), pages.layout.at == nil {
        try file.write(named: name) { write in try SheetPNG.write(pages, page: page, to: write) }
        continue
      }
      if isPNGFile(path) {
        var svg: [UInt8] = []
        pages.write(page: page, to: ByteSink { svg += $0 })
        try file.write(try fileBytes(svg: svg, name: path), named: name)
        continue
      }
      try file.write(named: name) { write in
        pages.write(
          page: page,
          to: ByteSink { piece in
            if !write(piece) { throw SheetWriteStopped() }
          })
      }
      if let failure = sheet.failure { throw failure }
    }
  }
}

/// A gathered sheet's pages as they are written: `--per-page`, the title, and the layout
/// with the legend and the known ranges filled in.
struct SheetPages {
  let sheet: SheetStream
  let perPage: Int?
  let title: String
  let layout: SheetLayout

  /// Writes page `page` (from 0) to `sink`; with `band`, only those pixel rows of a grid.
  func write(page: Int, band: Range<Int>? = nil, to sink: ByteSink) {
    sheet.write(page: page, perPage: perPage, title: title, layout: layout, band: band, to: sink)
  }
}

/// A write of the sheet failed: the rest is not made (the file says why).
struct SheetWriteStopped: Error {}
