import Foundation
import TestSupport
import Testing

/// A column a channel names that the input lacks: an error at the field's line before any
/// face is drawn, whether the input is a file or a stream.
@Suite struct ChannelColumnTests {
  static let script = """
    diagnosis "car" {
      channels = {
        head_width = "wt",
        smile = "mgp",
      },
      ranges = { wt = {1, 6}, mgp = {10, 35} },
    }
    """

  /// Through a pipe, the first row's columns are checked: nothing is drawn.
  @Test(arguments: ["csv", "jsonl"])
  func aStreamIsCheckedOnItsFirstRow(_ format: String) throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/cars.lua", ChannelColumnTests.script)
    let rows =
      format == "csv"
      ? "id,mpg,wt\na,21,2.6\nb,30,1.8\n"
      : "{\"id\": \"a\", \"mpg\": 21, \"wt\": 2.6}\n{\"id\": \"b\", \"mpg\": 30, \"wt\": 1.8}\n"
    try writeFile(dir + "/rows", rows)
    let r = try runProgram(
      "/bin/sh",
      [
        "-c",
        "cat rows | \"$0\" batch cars.lua --diagnosis car --input - --input-format \(format) --output-dir out",
        binary,
      ], in: dir)
    #expect(r.status == 1, "\(r.stderr)")
    #expect(
      r.stderr.hasPrefix(
        "psychologist: error: cars.lua:4: channel smile: no column 'mgp' in <stdin> (did you mean 'mpg'?)"
      ), "\(r.stderr)")
    let drawn = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
    #expect(drawn.isEmpty)
  }

  /// With the column there, the same stream draws every row.
  @Test func aStreamWithTheColumnDraws() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/cars.lua", ChannelColumnTests.script.replacingOccurrences(of: "mgp", with: "mpg"))
    try writeFile(dir + "/rows", "id,mpg,wt\na,21,2.6\nb,30,1.8\n")
    let r = try runProgram(
      "/bin/sh",
      [
        "-c",
        "cat rows | \"$0\" batch cars.lua --diagnosis car --input - --input-format csv --output-dir out",
        binary,
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/a.svg"))
    #expect(FileManager.default.fileExists(atPath: dir + "/out/b.svg"))
  }
}
