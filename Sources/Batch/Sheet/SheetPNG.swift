// A grid contact sheet as PNG, drawn a band of rows of cells at a time and written into one
// PNG as it goes: librsvg draws a document whole into memory (4 bytes a pixel), and a sheet
// of 10,000 faces is 16,000 × 20,000 pixels, more than memory and cairo's 32,767 a side
// allow. Memory holds one band's document and pixels, whatever the number of rows.

import Raster

enum SheetPNG {
  /// The most pixels a band has (a row of cells more when one row is wider): 8 Mi, 32 MiB
  /// as cairo holds them.
  static let bandPixels = 8 << 20

  /// The widest PNG drawn (cairo's limit for one image, which a band is).
  static let widest = 32767

  /// Writes page `page` of the grid sheet as PNG through `write` (false once writing has
  /// failed), drawing bands of at most `bandPixels` pixels.
  static func write(
    _ pages: SheetPages, page: Int, bandPixels: Int = bandPixels,
    to write: @escaping ([UInt8]) -> Bool
  ) throws {
    let sheet = pages.sheet
    let p = sheet.page(page, perPage: pages.perPage, title: pages.title, layout: pages.layout)
    let grid = BatchSheet.Grid(count: p.range.count, layout: p.layout, pageSize: p.size)
    guard grid.width <= widest else {
      throw RasterError.failed(
        "the sheet would be \(grid.width) pixels wide; PNG is drawn up to \(widest) wide "
          + "(--columns \(widest / BatchSheet.cellWidth) or fewer, or write SVG)")
    }
    PNGStream.mapLargeBlocks()
    let png = try PNGStream(width: grid.width, height: grid.height, opaque: true) { bytes in
      if !write(bytes) { throw SheetWriteStopped() }
    }
    for band in grid.bands(pixels: bandPixels) {
      var svg: [UInt8] = []
      let sink = ByteSink { svg += $0 }
      pages.write(page: page, band: band, to: sink)
      if let failure = sheet.failure { throw failure }
      try png.add(RasterImage(svg: svg))
    }
    try png.finish()
  }
}
