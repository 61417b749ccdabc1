// A PNG contact sheet drawn a band at a time (issue 26: a PNG sheet was refused at 10,000
// rows): the bands stitched into one PNG are the sheet librsvg draws whole, and each cell is
// where the grid puts it.

import Foundation
import LuaHost
import Psychologist
import Raster
import TestSupport
import Testing

@testable import Batch

/// A face document of one colour: cell k's is told apart by its red and green.
private func swatch(_ k: Int) -> [UInt8] {
  let color = "rgb(\(40 + (k * 37) % 200),\(20 + (k * 91) % 200),200)"
  return Array(
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\" viewBox=\"0 0 100 100\"><rect width=\"100\" height=\"100\" fill=\"\(color)\"/></svg>"
      .utf8)
}

private func expectedColor(_ k: Int) -> (Int, Int, Int) {
  (40 + (k * 37) % 200, 20 + (k * 91) % 200, 200)
}

@Test func aPNGSheetDrawnInBandsIsTheSheetDrawnWhole() throws {
  let dir = try temporaryFolder()
  defer { removeFolder(dir) }
  var layout = SheetLayout(columns: 5, heading: "bands")
  layout.square = true
  layout.legend = [.init(text: "first line of the legend"), .init(text: "second line")]
  let sheet = try SheetStream(layout: layout, path: dir + "/sheet.png")
  let count = 23
  for k in 0..<count {
    var e = SheetEntry(
      row: k + 1, id: "row \(k)", happiness: 50, face: swatch(k), layout: layout, fields: .nil)
    (e.faceWidth, e.faceHeight) = (100, 100)
    sheet.add(e)
  }
  let grid = BatchSheet.Grid(count: count, layout: layout, pageSize: count)
  // A band of one row of cells: five rows of cells, the heading with the first and the
  // legend with the last.
  let bandPixels = grid.width * grid.cellHeight
  let bands = grid.bands(pixels: bandPixels)
  #expect(bands.count == 5 && bands.first?.lowerBound == 0 && bands.last?.upperBound == grid.height)
  #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
  var png: [UInt8] = []
  let pages = SheetPages(sheet: sheet, perPage: nil, title: "t", layout: layout)
  try SheetPNG.write(pages, page: 0, bandPixels: bandPixels) {
    png += $0; return true
  }
  let banded = try decodePNG(Data(png))
  #expect(banded.width == grid.width && banded.height == grid.height)
  // The sheet as one SVG, drawn whole by librsvg through the program's own path.
  var svg: [UInt8] = []
  let sink = ByteSink { svg += $0 }
  sheet.write(page: 0, perPage: nil, title: "t", layout: layout, to: sink)
  let whole = try decodePNG(Data(try PNG.fromSVG(svg)))
  #expect(banded.differences(from: whole, tolerance: 0) == 0)
  // Each cell's face in its place: the middle of its face box, in its own colour.
  for k in 0..<count {
    let x = (k % grid.columns) * BatchSheet.cellWidth + BatchSheet.cellWidth / 2
    let y = grid.top + (k / grid.columns) * grid.cellHeight + BatchSheet.cellWidth / 2
    #expect(banded.has(expectedColor(k), near: Double(x), Double(y)), "cell \(k)")
  }
  // A page too wide for one band is refused before anything is written.
  var wide = layout
  wide.columns = 300
  let many = try SheetStream(layout: wide, path: dir + "/wide.png")
  for k in 0..<300 {
    many.add(
      SheetEntry(row: k + 1, id: "\(k)", happiness: 50, face: nil, layout: wide, fields: .nil))
  }
  var written = 0
  #expect(throws: RasterError.self) {
    let pages = SheetPages(sheet: many, perPage: nil, title: "t", layout: wide)
    try SheetPNG.write(pages, page: 0) {
      written += $0.count
      return true
    }
  }
  #expect(written == 0)
}
