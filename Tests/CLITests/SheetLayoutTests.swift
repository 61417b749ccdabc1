import Foundation
@testable import Rows
import TestSupport
import Testing

/// The contact sheet laid out by columns (`--at`, `--sort`) and each row's own SVG dressed
/// (`--background`, `--row-label`), checked through rsvg's pixels and an independent sort.
@Suite struct SheetLayoutTests {
  /// Faces coloured by `c`: 0 pale blue, 0.5 pale yellow, 1 pale red.
  static let script = """
    diagnosis "pt" { channels = { face_color = "c" }, ranges = { c = {0, 1} } }
    """

  /// A folder with the script and `csv` as rows.csv.
  func folder(_ csv: String) throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/pt.lua", SheetLayoutTests.script)
    try writeFile(dir + "/rows.csv", csv)
    return dir
  }

  func batch(_ dir: String, _ more: [String]) throws -> Run {
    try psychologist(
      ["batch", "pt.lua", "--diagnosis", "pt", "--input", "rows.csv", "--output-dir", "out"]
        + more, in: dir)
  }

  /// The centre of the pixels within 6 of `color` in each channel, and how many there are.
  func centroid(_ image: Pixels, _ color: (Int, Int, Int)) -> (x: Double, y: Double, n: Int) {
    var (sx, sy, n) = (0, 0, 0)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image.at(x, y)!
        if abs(p.r - color.0) <= 6 && abs(p.g - color.1) <= 6 && abs(p.b - color.2) <= 6 {
          (sx, sy, n) = (sx + x, sy + y, n + 1)
        }
      }
    }
    return n == 0 ? (0, 0, 0) : (Double(sx) / Double(n), Double(sy) / Double(n), n)
  }

  static let paleBlue = (0xdd, 0xee, 0xff)
  static let paleRed = (0xff, 0xcc, 0xcc)
  static let rows = "weight,economy,c\n1,10,0\n3,6,0.5\n5,2,1\n,4,0.5\n"

  /// The row with the largest x lands right of the one with the smallest, and the one with
  /// the largest y above the one with the smallest; a row without x is left off and
  /// counted; axis titles name the columns; the bytes are the same whatever --jobs.
  @Test func atPlacesFacesByTheirValues() throws {
    let dir = try folder(SheetLayoutTests.rows)
    defer { removeFolder(dir) }
    var sheets: [Data] = []
    for jobs in ["1", "2"] {
      let r = try batch(
        dir, ["--sheet", "at\(jobs).svg", "--at", "x=weight,y=economy", "--jobs", jobs])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(
        r.stderr.contains("1 row not placed on the sheet (no number for weight or economy: row 4)"))
      sheets.append(try Data(contentsOf: URL(fileURLWithPath: dir + "/at\(jobs).svg")))
    }
    #expect(sheets[0] == sheets[1])
    let svg = String(decoding: sheets[0], as: UTF8.self)
    #expect(try xmlProblem(svg) == nil)
    #expect(svg.contains(">weight</text>") && svg.contains(">economy</text>"))
    // Three faces placed (each a nested svg), the fourth row's face still written alone.
    #expect(svg.components(separatedBy: "<svg x=").count - 1 == 3)
    #expect(FileManager.default.fileExists(atPath: dir + "/out/000004.svg"))
    // Ticks by hand: 1…5 in steps of 1 along x, 2…10 in steps of 2 up y.
    for t in ["1", "2", "3", "4", "5", "6", "8", "10"] { #expect(svg.contains(">\(t)</text>")) }
    let image = try rasterize(sheets[0])
    let low = centroid(image, SheetLayoutTests.paleBlue)  // row 1: x 1, y 10
    let high = centroid(image, SheetLayoutTests.paleRed)  // row 3: x 5, y 2
    #expect(low.n > 100 && high.n > 100)
    #expect(high.x - low.x > Double(image.width) / 2, "\(low) \(high)")
    #expect(low.y < high.y - Double(image.height) / 3, "\(low) \(high)")

    // --ranges widens x to 0…100: both faces now sit near the left, close together.
    try writeFile(dir + "/ranges.csv", "weight,0,100\n")
    let r = try batch(
      dir, ["--sheet", "wide.svg", "--at", "x=weight,y=economy", "--ranges", "ranges.csv"])
    #expect(r.status == 0, "\(r.stderr)")
    let wide = try rasterize(try Data(contentsOf: URL(fileURLWithPath: dir + "/wide.svg")))
    let (l, h) = (
      centroid(wide, SheetLayoutTests.paleBlue), centroid(wide, SheetLayoutTests.paleRed)
    )
    #expect(h.x > l.x && h.x - l.x < Double(wide.width) / 10, "\(l) \(h)")
    #expect(h.x < Double(wide.width) / 3)
  }

  /// Values at the ends of the doubles give finite positions and ticks: no NaN or
  /// infinity reaches the sheet (rsvg would drop the element, or the whole sheet).
  @Test func atSurvivesTheEndsOfTheDoubles() throws {
    let dir = try folder(
      "x,y,c\n1e308,-1e308,0\n-1e308,1.7976931348623157e308,1\n5e-324,0,0.5\n")
    defer { removeFolder(dir) }
    let r = try batch(dir, ["--sheet", "s.svg", "--at", "x=x,y=y"])
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    #expect(!svg.lowercased().contains("nan") && !svg.lowercased().contains("inf"))
    let image = try rasterize(Data(svg.utf8))
    let (l, h) = (
      centroid(image, SheetLayoutTests.paleBlue), centroid(image, SheetLayoutTests.paleRed)
    )
    #expect(l.n > 100 && h.n > 100 && l.x > h.x && l.y > h.y, "\(l) \(h)")
  }

  /// A PNG sheet with --at: the same picture through librsvg.
  @Test func atWritesAPNGSheet() throws {
    let dir = try folder(SheetLayoutTests.rows)
    defer { removeFolder(dir) }
    let r = try batch(dir, ["--sheet", "at.png", "--at", "y=economy,x=weight"])
    #expect(r.status == 0, "\(r.stderr)")
    let image = try decodePNG(try Data(contentsOf: URL(fileURLWithPath: dir + "/at.png")))
    let (l, h) = (
      centroid(image, SheetLayoutTests.paleBlue), centroid(image, SheetLayoutTests.paleRed)
    )
    #expect(l.n > 100 && h.x - l.x > Double(image.width) / 2)
  }

  /// Mistakes are usage errors (exit 2) that say what is wrong, before any face is drawn.
  @Test(arguments: [
    (
      ["--at", "x=weigth,y=economy"],
      "--at x: rows.csv has no column 'weigth' (did you mean 'weight'?); its columns are weight, economy, c, name"
    ),
    (["--at", "x=weight,y=name"], "--at y: column 'name' is not numeric (row 1 has 'apple')"),
    (["--at", "x=weight,y=blank"], "--at y: column 'blank' has no values in rows.csv"),
    (["--at", "x=weight"], "--at must be x=COLUMN,y=COLUMN"),
    (["--at", "x=weight,y=c,z=c"], "--at must be x=COLUMN,y=COLUMN"),
    (["--sort", "-nmae"], "--sort: rows.csv has no column 'nmae' (did you mean 'name'?)"),
    (["--sort", "-"], "--sort must be a column"),
    (
      ["--label", "{name} {{x}} {row} {nmae}"],
      "--label: rows.csv has no column 'nmae' (did you mean 'name'?)"
    ),
  ])
  func badColumnsAreUsageErrors(_ options: [String], _ message: String) throws {
    let dir = try folder("weight,economy,c,name,blank\n1,10,0,apple,\n3,6,NA,Banana,NA\n")
    defer { removeFolder(dir) }
    let r = try batch(dir, ["--sheet", "s.svg"] + options)
    #expect(r.status == 2)
    #expect(r.stderr.contains(message), "\(r.stderr)")
    let out = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
    #expect(out.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: dir + "/s.svg"))
  }

  @Test func optionsThatNeedASheetOrAColour() throws {
    let dir = try folder(SheetLayoutTests.rows)
    defer { removeFolder(dir) }
    let at = try batch(dir, ["--at", "x=weight,y=economy"])
    #expect(
      at.status == 2 && at.stderr.contains("--at lays out the contact sheet: give --sheet FILE too")
    )
    let sort = try batch(dir, ["--sort", "c"])
    #expect(sort.status == 2 && sort.stderr.contains("--sort lays out the contact sheet"))
    let both = try batch(dir, ["--sheet", "s.svg", "--at", "x=weight,y=economy", "--columns", "3"])
    #expect(both.status == 2 && both.stderr.contains("--at places the faces on axes instead"))
    let colour = try batch(dir, ["--background", "whit"])
    #expect(colour.status == 2 && colour.stderr.contains("--background must be a colour"))
  }

  /// A stream cannot be read twice: its columns are checked on the rows drawn.
  @Test func aStreamWithoutTheColumnIsRefusedAtTheEnd() throws {
    let dir = try folder(SheetLayoutTests.rows)
    defer { removeFolder(dir) }
    // Through cat, so standard input is a pipe (a file given as stdin can be read twice).
    let r = try runProgram(
      "/bin/sh",
      [
        "-c",
        "cat rows.csv | \"$0\" batch pt.lua --diagnosis pt --input - --input-format csv --output-dir out --sheet s.svg --at x=weigth,y=economy",
        binary,
      ], in: dir)
    #expect(r.status == 2)
    #expect(r.stderr.contains("--at x: <stdin> gave no row with a column 'weigth'"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/s.svg"))
  }

  /// The labels under the grid's faces, in order.
  func labels(_ svg: String) -> [String] {
    svg.components(separatedBy: "font-size=\"13\" text-anchor=\"middle\">").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
  }

  /// mtcars sorted by mpg, and by -hp, in the order an independent stable sort of the CSV
  /// gives; the per-row files keep their names.
  @Test(arguments: [("mpg", 1), ("-hp", 4)])
  func sortFollowsAnIndependentSort(_ sort: String, _ column: Int) throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let csv = try String(contentsOfFile: packageRoot + "/examples/mtcars.csv", encoding: .utf8)
    let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
    #expect(rows.first?.count == 12)
    let descending = sort.hasPrefix("-")
    let expected = rows.enumerated().sorted { a, b in
      let (x, y) = (Double(a.element[column])!, Double(b.element[column])!)
      if x != y { return descending ? x > y : x < y }
      return a.offset < b.offset
    }.map { String($0.element[0]) }
    let r = try psychologist(
      [
        "batch", packageRoot + "/examples/cars.lua", "--diagnosis", "car", "--input",
        packageRoot + "/examples/mtcars.csv", "--output-dir", "out", "--sheet", "s.svg",
        "--sort", sort, "--jobs", "2",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    #expect(labels(svg) == expected)
    #expect(expected.first != rows.first.map { String($0[0]) })
    #expect(FileManager.default.fileExists(atPath: dir + "/out/Mazda_RX4.svg"))
    #expect(FileManager.default.fileExists(atPath: dir + "/out/Toyota_Corolla.svg"))
  }

  /// Equal values keep their row order and missing ones come last, both ways; text sorts
  /// by text.
  @Test(arguments: [
    ("score", ["c", "b", "d", "a", "e"]),
    ("-score", ["b", "d", "c", "a", "e"]),
    ("word", ["c", "b", "a", "d", "e"]),
  ])
  func sortIsStableWithMissingLast(_ sort: String, _ expected: [String]) throws {
    // Scalar order puts capitals first: "Zebra" < "apple" < "mango"; d and e have no word.
    let dir = try folder(
      "id,score,word,c\nb,2,apple,0\na,,mango,0\nc,1,Zebra,0\nd,2,NA,0\ne,NA,,0\n")
    defer { removeFolder(dir) }
    let r = try batch(dir, ["--sheet", "s.svg", "--sort", sort])
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
    #expect(labels(svg) == expected)
  }

  /// `--background white --row-label`: each row's own SVG is white (rendered over black, so
  /// a transparent one would show black) with its label in a strip under the face; without
  /// them the file is the face alone.
  @Test func rowFilesGetABackgroundAndTheirLabel() throws {
    let dir = try folder("id,c\nfirst,0\nsecond,1\n")
    defer { removeFolder(dir) }
    let plain = try batch(dir, [])
    #expect(plain.status == 0)
    let bare = try String(contentsOfFile: dir + "/out/first.svg", encoding: .utf8)
    #expect(!bare.contains("<rect") && !bare.contains("<text"))
    let r = try batch(
      dir, ["--background", "white", "--row-label", "--label", "{id} is {c}", "--jobs", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/out/second.svg", encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    let text = try run(
      ["xmllint", "--xpath", "string(//*[local-name()='text'])", "-"], input: Data(svg.utf8))
    #expect(text.out.trimmingCharacters(in: .whitespacesAndNewlines) == "second is 1")
    for (file, black) in [(bare, true), (svg, false)] {
      let png = try run(
        ["rsvg-convert", "--format=png", "--background-color=black"], input: Data(file.utf8))
      let image = try decodePNG(png.stdout)
      let corner = image.at(2, 2)!
      #expect(black ? corner.r < 10 : corner.r > 245 && corner.g > 245 && corner.b > 245)
      if !black {
        // The strip below the bare face's height holds dark label pixels.
        let bareHeight = try decodePNG(
          try run(["rsvg-convert", "--format=png"], input: Data(bare.utf8)).stdout
        ).height
        #expect(image.height > bareHeight)
        var dark = 0
        for y in bareHeight..<image.height {
          for x in 0..<image.width where image.at(x, y)!.r < 100 { dark += 1 }
        }
        #expect(dark > 50)
      }
    }
  }
}
