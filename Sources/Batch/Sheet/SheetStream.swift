// The contact sheet as the batch goes: each settled row's cell (or face, for `--at`) goes
// to the spool at once, and the sheet is written from the spool at the end, a page at a
// time with `--per-page`. Memory holds one cell at a time, plus a few numbers a row for
// `--sort` and `--at`, which need every row before the first is placed.

import Files
import Glibc
import Readable

/// The contact sheet being gathered: cells in the spool, in row order.
final class SheetStream {
  private let layout: SheetLayout
  private let spool: SheetSpool
  /// What `--sort` and `--at` need of each row, without its face (whose chunk is
  /// `spooled`); empty for a grid in row order.
  private(set) var entries: [SheetEntry] = []
  /// Rows settled.
  private(set) var count = 0

  /// A sheet laid out as `layout` says, spooled beside `path` (the sheet's own file; "-"
  /// for standard output, spooled in the temporary folder).
  init(layout: SheetLayout, path: String) throws(FileError) {
    self.layout = layout
    spool = try SheetSpool(folder: path == "-" ? "/tmp" : FileSystem.directory(of: path))
  }

  /// Takes the next settled row's cell.
  func add(_ entry: SheetEntry) {
    count += 1
    var slim = entry
    slim.face = nil
    slim.cell = nil
    if layout.at != nil {
      if let face = entry.face {
        slim.spooled = spool.count
        spool.append(face)
      }
      entries.append(slim)
      return
    }
    slim.spooled = spool.count
    spool.append(entry.cell ?? BatchSheet.cell(entry, layout: layout))
    if layout.sort != nil { entries.append(slim) }
  }

  /// Why the spool failed, if it did.
  var failure: FileError? { spool.failure }

  /// The number of pages for `perPage` cells a page (nil: one page).
  func pages(_ perPage: Int?) -> Int {
    guard let perPage, perPage > 0 else { return 1 }
    return max(1, (count + perPage - 1) / perPage)
  }

  /// The rows `--at` could not place.
  var unplaced: [Int] { SheetScatter.unplaced(entries) }

  /// Page `page` (from 0) of a grid sheet: its title and layout (the page's number in
  /// them when there are pages), the spool's chunks of its cells in order, and how many
  /// cells a full page holds. `layout` is the one given at the start with the legend and
  /// the known ranges filled in.
  struct Page {
    var title: String
    var layout: SheetLayout
    var range: Range<Int>
    var size: Int
  }

  /// Page `page` of `perPage` cells a page (nil: one page).
  func page(_ page: Int, perPage: Int?, title: String, layout: SheetLayout) -> Page {
    let pages = pages(perPage)
    let title = pages > 1 ? "\(title), page \(page + 1) of \(pages)" : title
    let size = perPage ?? count
    let range = min(page * size, count)..<min(page * size + size, count)
    var layout = layout
    if pages > 1, let heading = layout.heading {
      layout.heading = "\(heading) (\(page + 1)/\(pages))"
    }
    return Page(title: title, layout: layout, range: range, size: size)
  }

  /// Writes page `page` (from 0) to `sink`. `layout` is the one given at the start with
  /// the legend and the known ranges filled in. With `band` (a grid's only), just those
  /// pixel rows of the page (`BatchSheet.writeGrid`).
  func write(
    page: Int, perPage: Int?, title: String, layout: SheetLayout, band: Range<Int>? = nil,
    to sink: ByteSink
  ) {
    let p = self.page(page, perPage: perPage, title: title, layout: layout)
    var layout = p.layout
    if let at = layout.at {
      // Every page on the same axes: the whole sheet's ranges.
      for column in [at.x, at.y] where layout.ranges[column] == nil {
        let values = entries.compactMap {
          (column == at.x ? $0.x : $0.y)?.number
        }
        layout.ranges[column] = SheetScatter.range(column, values, given: [:])
      }
      let ordered = layout.sort.map { $0.sorted(entries) } ?? entries
      SheetScatter.write(
        Array(ordered[p.range]), title: p.title, layout: layout, at: at,
        faces: { e in e.spooled.map { Array(self.spool.chunk($0)) } }, to: sink)
      return
    }
    let order: [Int]? = layout.sort.map { $0.sorted(entries).compactMap(\.spooled) }
    BatchSheet.writeGrid(
      order.map { Array($0[p.range]) } ?? Array(p.range), cells: { self.spool.chunk($0) },
      page: p, band: band, to: sink)
  }

  /// The file name of page `page` (from 0) of `path`: `sheet.svg` → `sheet-001.svg`.
  static func pageName(_ path: String, page: Int) -> String {
    let name =
      path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init)
      ?? path
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let number = String(page + 1)
    let padded = String(repeating: "0", count: max(0, 3 - number.count)) + number
    return name[..<dot] + "-" + padded + name[dot...]
  }
}
