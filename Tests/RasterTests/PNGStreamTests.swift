// A PNG written a band at a time is the image drawn whole: the bands' rows, translucent and
// transparent pixels too, decoded by a PNG reader the program does not use.

import Foundation
import Raster
import TestSupport
import Testing

/// A translucent ring and a square over nothing, `height` rows of it from row `top`.
private func band(top: Int, height: Int) -> [UInt8] {
  Array(
    """
    <svg xmlns="http://www.w3.org/2000/svg" width="90" height="\(height)">
    <g transform="translate(0 -\(top))">
    <circle cx="45" cy="50" r="30" fill="none" stroke="#0000ff" stroke-width="9" opacity="0.5"/>
    <rect x="20" y="60" width="50" height="30" fill="#ff8800" fill-opacity="0.7"/>
    </g></svg>
    """.utf8)
}

@Test func aPNGWrittenInBandsIsTheImageDrawnWhole() throws {
  var png: [UInt8] = []
  let stream = try PNGStream(width: 90, height: 100, opaque: false) { png += $0 }
  for (top, height) in [(0, 33), (33, 1), (34, 66)] {
    try stream.add(RasterImage(svg: band(top: top, height: height)))
  }
  try stream.finish()
  #expect(Array(png.prefix(8)) == PNG.signature)
  let banded = try decodePNG(Data(png))
  let whole = try decodePNG(Data(try PNG.fromSVG(band(top: 0, height: 100))))
  #expect(banded.width == 90 && banded.height == 100)
  #expect(banded.differences(from: whole, tolerance: 0) == 0)
  // The ring's translucent blue is there: not white, not opaque blue.
  #expect(banded.has((128, 128, 255), near: 45, 20, radius: 1))
}

@Test func aPNGStreamRefusesRowsThatDoNotFit() throws {
  let stream = try PNGStream(width: 90, height: 40, opaque: true) { _ in }
  #expect(throws: RasterError.self) {
    try stream.add(
      RasterImage(
        svg: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"80\" height=\"10\"/>".utf8)))
  }
  try stream.add(RasterImage(svg: band(top: 0, height: 30)))
  #expect(throws: RasterError.self) { try stream.finish() }  // ten rows short
  #expect(throws: RasterError.self) { try stream.add(RasterImage(svg: band(top: 30, height: 11))) }
  #expect(throws: RasterError.self) { try PNGStream(width: 0, height: 10, opaque: true) { _ in } }
}
