// A PNG contact sheet of many faces (issue 26: a PNG sheet was refused at 10,000 rows): drawn
// a band of rows of cells at a time into one PNG, whose memory does not grow with the rows.
// The sheet is read by a PNG reader of Python's standard library that unfilters every row as
// the format says and hands back only the cells asked for.

import Foundation
import TestSupport
import Testing

/// Reads a PNG row by row (zlib streaming, the five filters) and writes the RGB of each box
/// `x,y,w,h` given, one after another; first a line `width height rows-read`.
private let pngBoxes =
  pngUnfilter + #"""
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    boxes = [tuple(map(int, b.split(','))) for b in sys.argv[2:]]
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, d, raw, prev, y = 8, zlib.decompressobj(), b'', None, 0
    crops = {b: [] for b in boxes}
    ended = False
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert zlib.crc32(data[pos + 4:pos + 8 + n]) == struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])[0], 'bad CRC'
        pos += 12 + n
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and interlace == 0 and ctype in (2, 6)
            bpp = 3 if ctype == 2 else 4
            stride = w * bpp
            prev = bytearray(stride)
        elif kind == b'IDAT':
            raw += d.decompress(body)
            while len(raw) >= stride + 1:
                line = unfilter(raw[0], raw[1:stride + 1], prev, bpp)
                raw = raw[stride + 1:]
                for (bx, by, bw, bh) in boxes:
                    if by <= y < by + bh:
                        for x in range(bx, bx + bw):
                            crops[(bx, by, bw, bh)].append(bytes(line[x * bpp:x * bpp + 3]))
                prev, y = line, y + 1
        elif kind == b'IEND':
            ended = True
    assert ended and not d.unconsumed_tail, 'no end'
    sys.stdout.buffer.write(b'%d %d %d\n' % (w, h, y) + b''.join(b''.join(crops[b]) for b in boxes))
    """#

@Suite struct PNGSheetBandsTests {
  /// 300 faces in one column: a sheet 160 pixels wide and some 52,000 tall, far past cairo's
  /// 32,767 a side, drawn in bands of fewer rows, as tall as the SVG sheet of the same rows;
  /// down the column's middle the faces' blue outlines cross 300 times each way.
  @Test func aPNGSheetOfOneColumnIsAsTallAsItsRows() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/h.lua", "diagnosis \"d\" { happiness = function(row) return row.h end }\n")
    try writeFile(
      dir + "/h.csv", "id,h\n" + (1...300).map { "r\($0),\($0 % 101)\n" }.joined())
    for sheet in ["sheet.png", "sheet.svg"] {
      let made = try psychologist(
        [
          "batch", "h.lua", "--diagnosis", "d", "--input", "h.csv", "--sheet", sheet, "--columns",
          "1",
        ], in: dir)
      #expect(made.status == 0 && !made.stderr.contains("error"), "\(made.stderr)")
    }
    let svg = try String(contentsOfFile: dir + "/sheet.svg", encoding: .utf8)
    let svgHeight = svg.components(separatedBy: "height=\"").dropFirst().first
      .flatMap { Int($0.prefix { $0.isNumber }) }
    // One pixel column down the middle of the faces, the whole height.
    let r = try runProgram(
      "/usr/bin/python3", ["-c", pngBoxes, dir + "/sheet.png", "80,0,1,1000000"], timeout: 300)
    #expect(r.status == 0, "\(r.stderr)")
    let bytes = [UInt8](r.stdout)
    let newline = try #require(bytes.firstIndex(of: 0x0A))
    let size = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
      .compactMap { Int($0) }
    #expect(size.count == 3 && size[0] == 160 && size[1] > 32767 && size[2] == size[1], "\(size)")
    #expect(size.count == 3 && size[1] == svgHeight, "PNG \(size), SVG \(svgHeight ?? -1)")
    let rgb = Array(bytes[(newline + 1)...])
    #expect(rgb.count == (size.count == 3 ? size[1] * 3 : -1))
    // Each face's outline: a run of strong blue where the head's top and bottom cross.
    var runs = 0
    var inBlue = false
    for y in 0..<rgb.count / 3 {
      let (red, green, blue) = (rgb[y * 3], rgb[y * 3 + 1], rgb[y * 3 + 2])
      let isBlue = blue > 180 && red < 90 && green < 90
      if isBlue && !inBlue { runs += 1 }
      inBlue = isBlue
    }
    #expect(runs >= 600 && runs < 1200, "\(runs) runs of blue")
  }

  /// 1,200 cars make a sheet of 35 × 35 cells, 5600 pixels wide, drawn in five bands; each
  /// cell looked at is where the grid puts it, with its face and its label, at the bands'
  /// seams and in the last; memory is as it is for 300 rows.
  @Test func aPNGSheetOfManyFacesIsDrawnInBands() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let cars = try String(
      contentsOfFile: packageRoot + "/examples/mtcars.csv", encoding: .utf8
    ).split(separator: "\n")
    var peaks: [Int: Double] = [:]
    for count in [300, 1200] {
      let rows = (0..<count).map { i in
        var fields = cars[1 + i % (cars.count - 1)].split(separator: ",").map(String.init)
        fields[0] = "car \(i)"
        return fields.joined(separator: ",")
      }
      try writeFile(
        dir + "/cars\(count).csv", String(cars[0]) + "\n" + rows.joined(separator: "\n") + "\n")
      let r = try peakMemory(
        binary,
        [
          "batch", packageRoot + "/examples/cars.lua", "--diagnosis", "car", "--input",
          "cars\(count).csv", "--output-dir", "faces\(count)", "--sheet", "sheet\(count).png",
        ], in: dir)
      #expect(r.status == 0)
      peaks[count] = r.mib
    }
    let (few, many) = (peaks[300]!, peaks[1200]!)
    #expect(many < 256 && many < few * 1.25 + 8, "300 rows: \(few) MiB, 1200 rows: \(many) MiB")
    // Cells of row 0, the last of the first band (6), the first of the second (7), the last
    // (34), and a cell past the last face.
    let cells = [0, 34, 6 * 35 + 3, 7 * 35 + 3, 1199, 1200]
    let boxes = cells.map { k in "\(k % 35 * 160),\(k / 35 * 200),160,200" }
    let r = try runProgram(
      "/usr/bin/python3", ["-c", pngBoxes, dir + "/sheet1200.png"] + boxes, timeout: 300)
    #expect(r.status == 0, "\(r.stderr)")
    let bytes = [UInt8](r.stdout)
    let newline = try #require(bytes.firstIndex(of: 0x0A))
    let size = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
      .compactMap { Int($0) }
    #expect(size.count == 3 && size[0] == 35 * 160 && size[2] == size[1])
    // Below the grid, the legend: a line and a pair of key faces for each mapped channel.
    #expect(size[1] > 35 * 200 && size[1] < 35 * 200 + 1200, "the grid and the legend: \(size)")
    let rgb = Array(bytes[(newline + 1)...])
    #expect(rgb.count == cells.count * 160 * 200 * 3)
    for (i, k) in cells.enumerated() where rgb.count == cells.count * 160 * 200 * 3 {
      func at(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let o = ((i * 200 + y) * 160 + x) * 3
        return (Int(rgb[o]), Int(rgb[o + 1]), Int(rgb[o + 2]))
      }
      // The face's outline: strong blue down the cell's middle; the label: dark grey text.
      let blue = (4..<160).filter { y in
        let p = at(80, y)
        return p.2 > 180 && p.0 < 90 && p.1 < 90
      }.count
      let text = (40..<120).filter { x in (166..<180).contains { y in at(x, y).0 < 90 } }.count
      if k < 1200 {
        #expect(blue >= 2 && text > 5, "cell \(k): \(blue) blue, \(text) text")
      } else {
        #expect(blue == 0 && text == 0, "cell \(k) has no face: \(blue) blue, \(text) text")
      }
    }
  }
}
