import Foundation
import Testing
import TestSupport

/// `channels = { … }`: columns scaled to facial channels, end to end through the binary.
@Suite struct ChannelMappingTests {
  /// mpg drives the smile (happiness 50 + 50·smile), wt the head's width, reversed.
  static let script = """
    diagnosis "cars" {
      channels = { smile = "mpg", head_width = { column = "wt", reverse = true } },
    }
    """
  static let rows = "model,mpg,wt\na,10,2\nb,20,3\nc,30,4\nd,NA,3\n"

  func folder(_ script: String = script, rows: String = rows) throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/cars.lua", script)
    try writeFile(dir + "/cars.csv", rows)
    return dir
  }

  /// The happiness each face's title gives, by file.
  func happiness(_ dir: String, _ out: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for f in try FileManager.default.contentsOfDirectory(atPath: dir + "/" + out) {
      let svg = try String(contentsOfFile: dir + "/" + out + "/" + f, encoding: .utf8)
      let title = svg.components(separatedBy: "happiness ").dropFirst().first ?? ""
      result[f] = String(title.prefix { $0.isNumber || $0 == "." })
    }
    return result
  }

  @Test func batchScalesColumnsFromTheDatasOwnRange() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "out",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    // By hand: mpg 10…30 → smile −1…1 → happiness 0, 50, 100; NA is neutral (50).
    #expect(
      try happiness(dir, "out") == [
        "000001.svg": "0", "000002.svg": "50", "000003.svg": "100", "000004.svg": "50",
      ])
    // The missing row is marked: a grey cross, two lines its twin b (no brows) lacks.
    let b = try String(contentsOfFile: dir + "/out/000002.svg", encoding: .utf8)
    let d = try String(contentsOfFile: dir + "/out/000004.svg", encoding: .utf8)
    func grey(_ s: String) -> Int { s.components(separatedBy: "<line").count - 1 }
    #expect(grey(d) == grey(b) + 2)
  }

  @Test func reverseAndFunctionsAgree() throws {
    // Row a has the lightest car: reversed, the widest head (1); row c the narrowest (0).
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    _ = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "out",
      ], in: dir)
    for (file, width, smile) in [("000001.svg", 1, -1), ("000003.svg", 0, 1)] {
      try writeFile(
        dir + "/fixed.lua",
        "diagnosis \"cars\" { channels = function(row) return { head_width = \(width), smile = \(smile) } end }\n"
      )
      let shown = try psychologist(["show", "fixed.lua", "cars", "--format", "svg"], in: dir)
      let batch = try String(contentsOfFile: dir + "/out/" + file, encoding: .utf8)
      #expect(shown.status == 0 && shown.out == batch, "\(file)")
    }
  }

  @Test func streamsNeedRangesAndShardsScaleAlike() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Through a pipe: read once, so there is no first pass to find the ranges.
    let stream = try runProgram(
      "/bin/sh",
      [
        "-c",
        "cat cars.csv | \"$0\" batch cars.lua --diagnosis cars --input - --input-format csv --output-dir s",
        binary,
      ], in: dir)
    #expect(stream.status != 0)
    #expect(stream.stderr.contains("--ranges") && stream.stderr.contains("mpg"))
    try writeFile(dir + "/ranges.csv", "column,low,high\nmpg,0,40\nwt,2,4\n")
    // Each shard given the one ranges file scales as the whole does: mpg 10 of 0…40 is
    // smile −0.5, happiness 25; 30 is 75.
    for k in 1...2 {
      let r = try psychologist(
        [
          "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir",
          "k\(k)", "--shard", "\(k)/2", "--ranges", "ranges.csv",
        ], in: dir)
      #expect(r.status == 0, "\(r.stderr)")
    }
    #expect(try happiness(dir, "k1") == ["000001.svg": "25", "000003.svg": "75"])
    #expect(try happiness(dir, "k2") == ["000002.svg": "50", "000004.svg": "50"])
    // Declared ranges do the same for a stream.
    let declared = try folder(
      "diagnosis \"cars\" { channels = { smile = \"mpg\" }, ranges = { mpg = {0, 40} } }\n")
    defer { try? FileManager.default.removeItem(atPath: declared) }
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "o",
      ], in: declared)
    #expect(r.status == 0)
    #expect(try happiness(declared, "o")["000001.svg"] == "25")
  }

  /// A spreadsheet's export: a byte-order mark and CRLF line ends. The whole file read as one
  /// bad line (exit 2), or the BOM hid the first column's name (its range silently dropped).
  @Test func aRangesFileFromASpreadsheetReads() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (name, text) in [
      ("crlf.csv", "column,low,high\r\nmpg,0,40\r\nwt,2,4\r\n"),
      ("bom.csv", "\u{FEFF}mpg,0,40\nwt,2,4\n"),
    ] {
      try writeFile(dir + "/" + name, text)
      let out = "o-" + name
      let r = try psychologist(
        [
          "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", out,
          "--ranges", name,
        ], in: dir)
      #expect(r.status == 0, "\(name): \(r.stderr)")
      // mpg 10 of 0…40 is smile −0.5, happiness 25 (the data's own 10…30 would give 0).
      #expect(try happiness(dir, out)["000001.svg"] == "25", "\(name)")
    }
  }

  @Test func aBadRangesFileIsNamedByLine() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(dir + "/ranges.csv", "# mtcars\nmpg,40,0\n")
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "o",
        "--ranges", "ranges.csv",
      ], in: dir)
    #expect(r.status != 0)
    #expect(r.stderr.contains("ranges.csv:2:") && r.stderr.contains("low ≤ high"), "\(r.stderr)")
  }

  @Test func checkScalesOverTheExamples() throws {
    let dir = try folder(
      """
      diagnosis "cars" {
        channels = { smile = "mpg", hair = "hp" },
        examples = { { mpg = 10 }, { mpg = 30, hp = 100 } },
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try psychologist(["check", "cars.lua"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
  }

  /// 100,000 declared levels are read whole: all of them counted, and one given twice (the
  /// first and the last) found at the field's line.
  @Test func aLongLevelsListIsCheckedWhole() throws {
    let make = """
      local l = {}
      for i = 1, 100000 do l[i] = "level" .. i end
      %@
      diagnosis "cars" { channels = { face_color = { column = "kind",
        levels = l } } }
      """
    let dir = try folder(make.replacingOccurrences(of: "%@", with: ""))
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fine = try psychologist(["list", "cars.lua"], in: dir)
    #expect(fine.status == 0 && fine.out.contains("levels:100000"), "\(fine.out) \(fine.stderr)")
    try writeFile(
      dir + "/twice.lua", make.replacingOccurrences(of: "%@", with: "l[100000] = 'level1'"))
    let twice = try psychologist(["check", "twice.lua"], in: dir)
    #expect(twice.status == 1)
    #expect(
      twice.stderr.contains("twice.lua:5:") && twice.stderr.contains("levels lists 'level1' twice"),
      "\(twice.stderr)")
  }

  /// 100,000 colours of `colors = { … }` are read whole: the declaration checks, and a
  /// colour misspelt at the end is found at the field's line.
  @Test func aLongColorsListIsCheckedWhole() throws {
    let make = """
      local c = {}
      for i = 1, 100000 do c[i] = i % 2 == 0 and "#112233" or "teal" end
      %@
      diagnosis "cars" { channels = { face_color = { column = "mpg",
        colors = c } } }
      """
    let dir = try folder(make.replacingOccurrences(of: "%@", with: ""))
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fine = try psychologist(
      ["check", "cars.lua", "--time-limit", "300"], in: dir, timeout: 600)
    #expect(fine.status == 0, "\(fine.stderr)")
    try writeFile(
      dir + "/bad.lua", make.replacingOccurrences(of: "%@", with: "c[100000] = 'tael'"))
    let bad = try psychologist(["check", "bad.lua", "--time-limit", "300"], in: dir, timeout: 600)
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("bad.lua:5:") && bad.stderr.contains("tael"), "\(bad.stderr)")
  }

  @Test func listShowsTheMapping() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try psychologist(["list", "cars.lua"], in: dir)
    #expect(r.status == 0)
    #expect(r.out.contains("channels head_width=-wt,smile=mpg"), "\(r.out)")
  }

  @Test func listShowsEachChannelsOptionsAndTheMappingsOwn() throws {
    let dir = try folder(
      """
      diagnosis "cars" {
        channels = {
          smile = { column = "mpg", scale = "centred" },
          face_color = { column = "kind", levels = { "a", "b", "c" }, palette = "Set2" },
          head_width = { column = "wt", reverse = true, missing = "drop" },
        },
        scale = "common", missing = "mean", palette = "viridis",
        ranges = { wt = {1, 6}, mpg = {10, 40} },
      }
      """)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try psychologist(["list", "cars.lua"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    for part in [
      "smile=mpg[scale:centred]", "face_color=kind[levels:3;palette:Set2]",
      "head_width=-wt[missing:drop]", "  scale common  palette viridis  missing mean",
      "  ranges mpg,wt",
    ] {
      #expect(r.out.contains(part), "\(part) in \(r.out)")
    }
  }

  @Test func featuresReadTheRow() throws {
    // A feature drawing a circle whose radius is the row's `r` column (face units).
    let dir = try folder(
      """
      diagnosis "cars" { features = { "dot" } }
      feature "dot" { draw = function(face, pen) pen:circle(0, 0, face.input.r) end }
      """, rows: "r\n0.5\n")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "out",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/out/000001.svg", encoding: .utf8)
    // Two circles besides the eyes: the head (radius R) and the dot (R/2).
    let radii = svg.components(separatedBy: "<circle").dropFirst().compactMap { c in
      Double(c.components(separatedBy: "r=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "")
    }.sorted()
    #expect(radii.count == 4)
    if radii.count == 4 { #expect(abs(radii[2] * 2 - radii[3]) < 0.1, "\(radii)") }
  }
}
