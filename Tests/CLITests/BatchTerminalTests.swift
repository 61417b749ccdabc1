import Foundation
import TestSupport
import Testing

/// A grid row of the terminal sheet as read back from the output: its faces' lines and the
/// label line under them.
private struct GridRow {
  var faceLines: [String]
  var label: String
  /// The label's line number in the output.
  var labelIndex: Int
}

private func isBraille(_ s: Unicode.Scalar) -> Bool { (0x2801...0x28FF).contains(s.value) }

/// The grid rows of `text`: runs of lines holding braille dots (or the ✗ of a failed
/// row), each followed by its label line.
private func gridRows(_ text: String) -> [GridRow] {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var rows: [GridRow] = []
  var block: [String] = []
  for (index, line) in lines.enumerated() {
    let drawn = line.unicodeScalars.contains { isBraille($0) || $0 == "✗" }
    if drawn || (!block.isEmpty && line.trimmingCharacters(in: .whitespaces).isEmpty) {
      block.append(line)
    } else if !block.isEmpty {
      rows.append(GridRow(faceLines: block, label: line, labelIndex: index))
      block = []
    }
  }
  return rows
}

/// Faces side by side in a grid row: runs of columns where some line has a mark, apart
/// from the next by at least two blank columns (a face's outline leaves no such gap).
private func faceCount(_ row: GridRow) -> Int {
  let cells = row.faceLines.map { Array($0.unicodeScalars) }
  let width = cells.map(\.count).max() ?? 0
  var runs = 0
  var blank = 2
  for x in 0..<width {
    let marked = cells.contains { x < $0.count && $0[x] != " " }
    if marked {
      if blank >= 2 { runs += 1 }
      blank = 0
    } else {
      blank += 1
    }
  }
  return runs
}

@Suite struct BatchTerminalTests {
  /// A mapping of two columns, and rows whose ids are plain, wide, long or hostile.
  private func dataset(_ dir: String) throws {
    try writeFile(
      dir + "/cars.lua",
      """
      diagnosis "cars" { channels = { smile = "mpg", head_width = "wt" } }
      """)
    let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[31mred"
    let ids = ["r1", "r2", "r3", hostile, "r5", "a very long name cut short", "r7"]
    var csv = "id,mpg,wt\n"
    for (k, id) in ids.enumerated() { csv += "\"\(id)\",\(10 + k),\(2 + k % 3)\n" }
    try writeFile(dir + "/cars.csv", csv)
  }

  @Test func gridFitsTheWidthInRowOrderWithSafeLabels() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try dataset(dir)
    let r = try psychologist(
      ["batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--format", "terminal"],
      in: dir, environment: ["COLUMNS": "50", "LINES": "24", "COLORTERM": "truecolor"])
    #expect(r.status == 0, "\(r.stderr)")
    let text = String(decoding: r.stdout, as: UTF8.self)
    // Not a terminal: no colour, no prompt, no escape of any kind.
    #expect(!r.stdout.contains(0x1B))
    #expect(!text.contains("page"))
    let rows = gridRows(text)
    // 16 cells a face and one between: 3 faces fit 50 columns; 7 rows make 3 + 3 + 1.
    #expect(rows.map(faceCount) == [3, 3, 1], "\(text)")
    for line in text.split(separator: "\n") {
      #expect(line.unicodeScalars.count <= 50, "too wide: \(line)")
    }
    let labels = rows.map { $0.label.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(labels.first?.first == "r1" && labels.last?.first == "r7")
    let all = rows.map(\.label).joined(separator: " ")
    let order = ["r1", "r2", "r3", "\\x1b]0;pwned", "r5", "a very long", "r7"].map {
      all.range(of: $0)?.lowerBound
    }
    #expect(!order.contains(nil), "labels: \(all)")
    #expect(order.compactMap { $0 }.sorted() == order.compactMap { $0 }, "labels in row order")
    // Cut to the face's 16 cells, with an ellipsis.
    #expect(all.contains("a very long nam…"))
    // The legend once, above the faces.
    #expect(text.components(separatedBy: "channels ← columns").count == 2)
    #expect(text.contains("smile −1…1 ← mpg (10 … 16)"))
    #expect(text.range(of: "head_width")!.lowerBound < text.range(of: "r1")!.lowerBound)
    // No face files without --output-dir.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["cars.csv", "cars.lua"])
    #expect(r.stderr.contains("7 faces shown (0 failed)"), "\(r.stderr)")
  }

  @Test func columnsOptionColourAndNoColor() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try dataset(dir)
    let args = [
      "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--format", "terminal",
      "--columns", "2",
    ]
    let env = ["COLUMNS": "50", "LINES": "40", "COLORTERM": "truecolor"]
    let plain = try psychologist(args, in: dir, environment: env)
    #expect(plain.status == 0, "\(plain.stderr)")
    let rows = gridRows(String(decoding: plain.stdout, as: UTF8.self))
    #expect(rows.map(faceCount) == [2, 2, 2, 1])
    // Two faces share 50 columns: each is 24 wide and 12 lines tall (round in braille:
    // a cell is 2 dots wide and 4 high).
    #expect(rows.count == 4 && rows[1].labelIndex - rows[0].labelIndex == 13)
    #expect(rows.allSatisfy { $0.faceLines.allSatisfy { $0.unicodeScalars.count <= 49 } })
    // --color always colours the faces (24-bit, as COLORTERM asks) but never the data.
    var colour = try psychologist(args + ["--color", "always"], in: dir, environment: env)
    var text = String(decoding: colour.stdout, as: UTF8.self)
    #expect(text.contains("\u{1B}[38;2;"))
    #expect(!text.contains("\u{1B}]0;pwned") && !text.contains("\u{1B}[31mred"))
    #expect(text.contains("\\x1b]0;pwned"))
    // NO_COLOR wins over auto; and no escape at all then.
    colour = try psychologist(
      args + ["--color", "auto"], in: dir, environment: env.merging(["NO_COLOR": "1"]) { $1 })
    text = String(decoding: colour.stdout, as: UTF8.self)
    #expect(!colour.stdout.contains(0x1B) && !text.isEmpty)
  }

  @Test func faceColoursLevelsAreShownAsSwatchesUnderTheLegendWhenInColour() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/kinds.lua",
      """
      diagnosis "k" { channels = { face_color = { column = "kind", palette = "Set2" } } }
      """)
    try writeFile(dir + "/kinds.csv", "kind\nalpha\nbravo\ncharlie\nalpha\n")
    let args = [
      "batch", "kinds.lua", "--diagnosis", "k", "--input", "kinds.csv", "--format", "terminal",
    ]
    let env = ["COLUMNS": "80", "LINES": "40", "COLORTERM": "truecolor"]
    let colour = try psychologist(args + ["--color", "always"], in: dir, environment: env)
    #expect(colour.status == 0, "\(colour.stderr)")
    let text = String(decoding: colour.stdout, as: UTF8.self)
    // Set2's first three colours, by hand from ColorBrewer: #66c2a5, #fc8d62, #8da0cb.
    for (rgb, level) in [
      ("102;194;165", "alpha"), ("252;141;98", "bravo"), ("141;160;203", "charlie"),
    ] {
      let block = text.range(of: "\u{1B}[38;2;\(rgb)m██")
      #expect(block != nil, "\(level)'s block")
      // Its label right after it (once the colour is reset).
      if let block {
        #expect(text[block.upperBound...].prefix(16).contains(" \(level)"), "\(level)")
      }
    }
    // The swatches come before the first face, and only in colour.
    let swatch = text.range(of: "██")
    let face = text.unicodeScalars.firstIndex { isBraille($0) }
    #expect(swatch != nil && face != nil && swatch!.lowerBound < face!)
    let plain = try psychologist(args + ["--color", "never"], in: dir, environment: env)
    #expect(!String(decoding: plain.stdout, as: UTF8.self).contains("██"))
  }

  @Test func failedRowsKeepTheirCellAndOutputDirWritesFiles() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/m.lua",
      """
      diagnosis "m" { happiness = function(input) assert(input.v ~= 2, "two is bad") return input.v * 10 end }
      """)
    try writeFile(dir + "/m.csv", "id,v\none,1\ntwo,2\nthree,3\n")
    let r = try psychologist(
      [
        "batch", "m.lua", "--diagnosis", "m", "--input", "m.csv", "--format", "terminal",
        "--output-dir", "faces",
      ], in: dir, environment: ["COLUMNS": "80"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("two is bad"))
    let rows = gridRows(String(decoding: r.stdout, as: UTF8.self))
    #expect(rows.count == 1 && rows.first.map(faceCount) == 3)
    #expect(rows.first?.faceLines.contains { $0.contains("✗") } == true)
    #expect(rows.first?.label.contains("two") == true)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir + "/faces").sorted() == [
        "one.svg", "three.svg",
      ])
  }

  @Test func sizesFromTheEnvironmentAreClamped() throws {
    let args = [
      "batch", "examples/cars.lua", "--diagnosis", "car", "--input", "examples/mtcars.csv",
      "--format", "terminal",
    ]
    for (columns, lines, extra) in [
      ("99999999", "99999999", ["--columns", "1"]), ("2", "1", []), ("-5", "nan", []),
    ] {
      let r = try psychologist(
        args + extra, environment: ["COLUMNS": columns, "LINES": lines], timeout: 20)
      #expect(r.status == 0, "\(columns)×\(lines): \(r.stderr)")
      let text = String(decoding: r.stdout, as: UTF8.self)
      let widest = text.split(separator: "\n").map(\.unicodeScalars.count).max() ?? 0
      // At most 1000 columns, and a face at most 100 wide; never less than a 4-cell face.
      #expect(widest <= 1000 && widest >= 4, "\(columns)×\(lines): \(widest) wide")
      #expect(
        gridRows(text).allSatisfy { $0.faceLines.allSatisfy { $0.unicodeScalars.count <= 100 } })
      #expect(r.stderr.contains("32 faces shown"))
    }
  }

  @Test func refusesAnUnknownFormatAndTwoSheetsOnStdout() throws {
    var r = try psychologist([
      "batch", "examples/cars.lua", "--diagnosis", "car", "--input", "examples/mtcars.csv",
      "--format", "ascii",
    ])
    #expect(r.status == 2 && r.stderr.contains("--format must be svg or terminal"))
    r = try psychologist([
      "batch", "examples/cars.lua", "--diagnosis", "car", "--input", "examples/mtcars.csv",
      "--format", "terminal", "--sheet", "-",
    ])
    #expect(r.status == 2 && r.stderr.contains("both write to standard output"))
  }
}

@Suite("batch --format terminal, paged", .serialized)
struct BatchPagerTests {
  /// A pane running the mtcars sheet (stty saved before it and after it), at its first page.
  private func startSheet(_ dir: String) throws -> (TmuxPane, [String]) {
    let pane = try TmuxPane(width: 70, height: 30)
    try pane.type("\(sttyCommand(dir + "/before")); clear")
    try pane.type(
      "\(binary) batch examples/cars.lua --diagnosis car --input examples/mtcars.csv --format terminal; echo STATUS=$?; \(sttyCommand(dir + "/after"))"
    )
    return (pane, try pane.waitFor("-- page 1"))
  }

  /// The terminal's modes after the batch are those before it.
  private func expectRestored(
    _ pane: TmuxPane, _ dir: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try pane.waitFor("stty saved") { _ in sttyWritten(dir + "/after") }
    let before = try String(contentsOfFile: dir + "/before", encoding: .utf8)
    let after = try String(contentsOfFile: dir + "/after", encoding: .utf8)
    #expect(
      !before.isEmpty && before == after, "terminal modes restored", sourceLocation: sourceLocation)
  }

  @Test func spaceShowsTheNextPageAndQQuitsRestoringTheTerminal() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    var (pane, lines) = try startSheet(dir)
    // 4 faces a row in 70 columns; the first page holds the legend and the first rows.
    #expect(lines.contains { $0.hasPrefix("Mazda RX4") })
    #expect(lines.contains { $0.contains("channels ← columns") })
    #expect(!lines.contains { $0.contains("Lincoln") })
    #expect(try !pane.alternateOn())
    try pane.press("Space")
    lines = try pane.waitFor("-- page 2")
    // The next rows came; the prompt of page 1 was erased (pages stay in the scrollback).
    #expect(!lines.contains { $0.contains("-- page 1") })
    #expect(lines.contains { $0.contains("Lincoln") || $0.contains("Cadillac") })
    try pane.press("q")
    lines = try pane.waitFor("STATUS=0")
    #expect(!lines.contains { $0.contains("Volvo 142E") }, "the last rows are not drawn after q")
    try expectRestored(pane, dir)
  }

  @Test func ctrlZAtThePromptSuspendsWithTheTerminalRestoredAndFgGoesOn() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let (pane, _) = try startSheet(dir)
    try pane.press("C-z")
    try pane.waitFor("Stopped")
    try pane.type("stty -a > \(dir)/stopped")
    try pane.waitFor("stty -a written") { _ in
      (try? String(contentsOfFile: dir + "/stopped", encoding: .utf8))?.contains("icanon") == true
    }
    let words = try String(contentsOfFile: dir + "/stopped", encoding: .utf8)
      .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
    #expect(words.contains("icanon") && words.contains("echo"), "cooked while stopped")
    try pane.type("fg")
    // Back in raw mode once the prompt is drawn again, below the shell's lines (a key typed
    // before would be flushed with the mode switch).
    try pane.waitFor("the prompt again") { lines in
      let fg = lines.lastIndex { $0.hasPrefix("$ fg") } ?? Int.max
      return (lines.lastIndex { $0.contains("-- page 1") } ?? -1) > fg
    }
    try pane.press("Space")
    try pane.waitFor("-- page 2")
    try pane.press("q")
    // The shell ran the rest of the line when the job stopped: the summary says it ended.
    try pane.waitFor("q pressed")
    try pane.type(sttyCommand(dir + "/after"))
    try expectRestored(pane, dir)
  }

  @Test func ctrlCAtThePromptInterruptsAndRestores() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let (pane, _) = try startSheet(dir)
    // At the second page the batch's own Ctrl-C handler is back: the pause must see it too.
    try pane.press("Enter")
    try pane.waitFor("-- page 2")
    try pane.press("C-c")
    try pane.waitFor("STATUS=130")
    try expectRestored(pane, dir)
  }
}
