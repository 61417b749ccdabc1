import Foundation
import TestSupport
import Testing

/// What a person reads from `batch` does not depend on `--jobs`: errors in row order,
/// `--fail-fast` at the first bad row in input order, a stop after rows that keep hitting the
/// time limit, and a summary line even when everything went well.
@Suite struct BatchOrderTests {
  /// Rows whose `slow` field keeps the function busy for that many seconds (so a later row
  /// finishes first on another worker), `bad` raises, `loop` never ends.
  static let script = """
    diagnosis "row" {
      happiness = function(input)
        if input.slow then local t = os.clock() while os.clock() - t < input.slow do end end
        if input.loop then while true do end end
        if input.bad then error("bad row " .. input.n) end
        return input.n
      end,
    }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    """

  /// A folder with the script and `rows` (row number → extra JSON fields) as in.jsonl.
  func folder(rows: Int, _ extra: [Int: String]) throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/rows.lua", BatchOrderTests.script)
    let lines = (1...rows).map { n in
      "{\"n\": \(n)" + (extra[n].map { ", " + $0 } ?? "") + "}"
    }
    try writeFile(dir + "/in.jsonl", lines.joined(separator: "\n") + "\n")
    return dir
  }

  func batch(_ dir: String, _ more: [String]) throws -> Run {
    try psychologist(
      ["batch", "rows.lua", "--diagnosis", "row", "--input", "in.jsonl", "--output-dir", "out"]
        + more, in: dir)
  }

  func files(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []).sorted()
  }

  /// The row numbers of the per-row error lines, in the order printed.
  func reportedRows(_ stderr: String) -> [Int] {
    stderr.split(separator: "\n").compactMap { line -> Int? in
      guard let r = line.range(of: "): row ") ?? line.range(of: ": row ") else { return nil }
      let digits = line[r.upperBound...].prefix { $0.isNumber }
      return line.contains("rows failed") ? nil : Int(digits)
    }
  }

  /// Row 4 is slow and bad, row 7 fast and bad: with two workers row 7 fails first, yet the
  /// errors come in row order, and the same with one worker.
  @Test func errorsComeInRowOrderWhateverTheJobs() throws {
    let dir = try folder(
      rows: 12, [4: "\"bad\": true, \"slow\": 0.4", 7: "\"bad\": true", 9: "\"bad\": true"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var outputs: [String] = []
    for jobs in ["1", "2"] {
      let r = try batch(dir, ["--jobs", jobs])
      #expect(r.status == 1)
      #expect(reportedRows(r.stderr) == [4, 7, 9], "\(r.stderr)")
      #expect(r.stderr.contains("3 of 12 rows failed (rows 4, 7, 9)"))
      outputs.append(r.stderr.split(separator: "\n").dropLast().joined(separator: "\n"))
      try? FileManager.default.removeItem(atPath: dir + "/out")
    }
    #expect(outputs[0] == outputs[1])
  }

  /// `--fail-fast` reports the first bad row in input order and leaves exactly the faces
  /// of the rows before it, though a later bad row fails first and later good rows finish
  /// first on the other worker.
  @Test(arguments: ["1", "2"]) func failFastStopsAtTheFirstBadRowInInputOrder(jobs: String) throws {
    let dir = try folder(rows: 40, [4: "\"bad\": true, \"slow\": 0.4", 7: "\"bad\": true"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try batch(dir, ["--jobs", jobs, "--fail-fast"])
    #expect(r.status == 1)
    #expect(reportedRows(r.stderr) == [4], "\(r.stderr)")
    // Counted up to the row it stopped at, whatever was read ahead.
    #expect(r.stderr.contains("1 of 4 rows failed (row 4)"), "\(r.stderr)")
    #expect(r.stderr.contains("--fail-fast"))
    #expect(files(dir) == ["000001.svg", "000002.svg", "000003.svg"])
  }

  /// A bad row the reader finds (malformed JSON) counts the same under `--fail-fast`: the
  /// rows before it are drawn, though a slow row is still in hand when it is read.
  @Test(arguments: ["1", "2"]) func failFastAtAMalformedRow(jobs: String) throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(dir + "/rows.lua", BatchOrderTests.script)
    try writeFile(
      dir + "/in.jsonl",
      "{\"n\": 1, \"slow\": 0.3}\n{\"n\": 2}\n{\"n\": 3\n{\"n\": 4}\n{\"n\": 5}\n")
    let r = try batch(dir, ["--jobs", jobs, "--fail-fast"])
    #expect(r.status == 1)
    #expect(reportedRows(r.stderr) == [3], "\(r.stderr)")
    #expect(files(dir) == ["000001.svg", "000002.svg"])
  }

  /// Three rows in a row at the time limit stop the batch with a message naming
  /// `--time-limit`; `--keep-going` draws the rest. A good row between resets the count.
  @Test func rowsThatKeepHittingTheTimeLimitStopTheBatch() throws {
    let loops = [2, 5, 6, 7, 8, 9, 10]
    var extra: [Int: String] = [:]
    for n in loops { extra[n] = "\"loop\": true" }
    let dir = try folder(rows: 14, extra)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for jobs in ["1", "2"] {
      let r = try batch(dir, ["--jobs", jobs, "--time-limit", "0.1"])
      #expect(r.status == 1)
      #expect(reportedRows(r.stderr) == [2, 5, 6, 7], "\(r.stderr)")
      #expect(r.stderr.contains("4 of 7 rows failed (rows 2, 5, 6, 7)"), "\(r.stderr)")
      #expect(r.stderr.contains("--time-limit"))
      #expect(r.stderr.contains("--keep-going"))
      #expect(!files(dir).contains("000014.svg"))
      try? FileManager.default.removeItem(atPath: dir + "/out")
    }
    let r = try batch(dir, ["--jobs", "2", "--time-limit", "0.1", "--keep-going"])
    #expect(r.status == 1)
    #expect(reportedRows(r.stderr) == loops, "\(r.stderr)")
    #expect(files(dir).count == 14 - loops.count)
  }

  /// `--keep-going` is in `batch --help`.
  @Test func keepGoingIsDocumented() throws {
    let r = try psychologist(["batch", "--help"])
    #expect(r.out.contains("--keep-going"))
    let readme = try documentationText("docs/data-faces.md")
    #expect(readme.contains("--keep-going"))
    #expect(readme.contains("rows before it"))
  }

  /// A batch that went well says so in one line on stderr (not a terminal here).
  @Test func successPrintsOneSummaryLine() throws {
    let dir = try folder(rows: 3, [:])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try batch(dir, ["--jobs", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    let line = String(lines.first ?? "")
    #expect(line.contains("3 faces in out/ (0 failed) in "), "\(line)")
    // The time is a number of seconds with two decimals.
    let time = line.components(separatedBy: " in ").last ?? ""
    #expect(time.hasSuffix(" s"))
    #expect(Double(time.dropLast(2)).map { $0 >= 0 && $0 < 60 } == true, "\(time)")
    #expect(r.stdout.isEmpty)
  }
}

/// `psychologist` with no arguments is a usage error: the usage on stderr, exit 2.
@Test func noArgumentsPrintsUsageAndExitsTwo() throws {
  let r = try psychologist([])
  #expect(r.status == 2)
  #expect(r.stdout.isEmpty)
  #expect(r.stderr.contains("usage") || r.stderr.contains("Usage"))
  #expect(r.stderr.contains("batch"))
  // --help still prints to stdout and succeeds.
  let help = try psychologist(["--help"])
  #expect(help.status == 0 && help.out.contains("batch"))
}
