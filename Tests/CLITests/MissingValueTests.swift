import Foundation
import TestSupport
import Testing

/// `missing = "neutral" | "mean" | "drop" | "error"`: what a row without a value draws,
/// said by the mark, the sheet, the legend and the summary.
@Suite struct MissingValueTests {
  static let rows = "id,mpg,wt\na,10,2\nb,20,\nc,30,5\nd,NA,3\n"

  func run(_ channels: String, extra: String = "", rows: String = rows) throws -> (
    Run, String
  ) {
    let dir = try temporaryFolder()
    try writeFile(
      dir + "/cars.lua", "diagnosis \"cars\" {\n  channels = \(channels),\n\(extra)}\n")
    try writeFile(dir + "/cars.csv", rows)
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "out",
        "--sheet", "s.svg",
      ], in: dir)
    return (r, dir)
  }

  func read(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// The default: drawn neutral and marked; the face's title names the column, the sheet
  /// says it under the face, the legend says how, the summary counts the rows.
  @Test func neutralIsMarkedAndSaid() throws {
    let (r, dir) = try run("{ smile = \"mpg\", head_width = \"wt\" }")
    defer { removeFolder(dir) }
    #expect(r.status == 0, "\(r.stderr)")
    #expect(read(dir + "/out/b.svg").contains("(no value for wt)</title>"))
    #expect(read(dir + "/out/d.svg").contains("(no value for mpg)</title>"))
    #expect(!read(dir + "/out/a.svg").contains("no value"))
    let sheet = read(dir + "/s.svg")
    #expect(sheet.contains(">× no wt<") && sheet.contains(">× no mpg<"))
    #expect(
      sheet.contains("missing values: drawn at the channel&apos;s middle")
        || sheet.contains("missing values: drawn at the channel's middle"))
    #expect(r.stderr.contains("2 rows with missing values (drawn at the channel's middle"))
  }

  /// `missing = "mean"` on wt: row b's head is as wide as the mean of 2, 5 and 3 (10/3)
  /// scales to, (10/3 − 2) / 3 = 4/9 of the way: the same face as a row giving 10/3.
  @Test func meanDrawsTheColumnsMean() throws {
    let (r, dir) = try run(
      "{ head_width = { column = \"wt\", missing = \"mean\" } }",
      rows: "id,wt\na,2\nb,\nc,5\nd,3\n")
    defer { removeFolder(dir) }
    #expect(r.status == 0, "\(r.stderr)")
    let (r2, dir2) = try run(
      "{ head_width = \"wt\" }", extra: "  ranges = { wt = {2, 5} },\n",
      rows: "id,wt\nb,3.3333333333333335\n")
    defer { removeFolder(dir2) }
    #expect(r2.status == 0, "\(r2.stderr)")
    // The head's half width, as drawn (the mark aside, the faces are the same).
    func width(_ s: String) -> String {
      String((s.components(separatedBy: " rx=\"").dropFirst().first ?? "").prefix { $0 != "\"" })
    }
    let imputed = width(read(dir + "/out/b.svg"))
    #expect(!imputed.isEmpty && imputed == width(read(dir2 + "/out/b.svg")))
    #expect(read(dir + "/out/b.svg").contains("(no value for wt)"))
  }

  /// `missing = "drop"`: the rows are left out, files and sheet, and the summary says so.
  @Test func dropLeavesTheRowOut() throws {
    let (r, dir) = try run(
      "{ smile = \"mpg\", head_width = \"wt\" }", extra: "  missing = \"drop\",\n")
    defer { removeFolder(dir) }
    #expect(r.status == 0, "\(r.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
    #expect(files == ["a.svg", "c.svg"])
    // The faces of the grid, above the legend (whose key faces are nested documents too).
    let grid = read(dir + "/s.svg").components(separatedBy: "channels ← columns")[0]
    #expect(grid.components(separatedBy: "<svg x=").count - 1 == 2)
    #expect(r.stderr.contains("2 rows left out for a missing value"))
  }

  /// `missing = "error"` on one channel: its rows fail at the line of that channel's field.
  @Test func errorFailsTheRowAtTheFieldsLine() throws {
    let (r, dir) = try run(
      "{\n    smile = \"mpg\",\n    head_width = { column = \"wt\", missing = \"error\" },\n  }")
    defer { removeFolder(dir) }
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "cars.lua:4: row 2 (cars.csv:3, id \"b\"): channel head_width: no value for column 'wt' (missing = \"error\")"
      ), "\(r.stderr)")
    #expect(!r.stderr.contains("row 4 "))
  }

  /// Text that is neither a number nor a missing word fails its row; `missing_words` adds
  /// words.
  @Test func textIsAMistakeUnlessAMissingWord() throws {
    let rows = "id,mpg\na,10\nb,unknown\nc,30\n"
    let (r, dir) = try run("{ smile = \"mpg\" }", rows: rows)
    defer { removeFolder(dir) }
    #expect(r.status == 1)
    #expect(r.stderr.contains("column 'mpg' holds 'unknown', not a number nor a missing word"))
    let (r2, dir2) = try run(
      "{ smile = \"mpg\" }", extra: "  missing_words = { \"unknown\" },\n", rows: rows)
    defer { removeFolder(dir2) }
    #expect(r2.status == 0, "\(r2.stderr)")
    #expect(read(dir2 + "/out/b.svg").contains("(no value for mpg)"))
  }
}
