import Foundation
import TestSupport
import Testing

/// A `channels` or `expression` function that returns the input it was given: the host
/// copies that table as it is, whether or not it is watching the input's reads (`show
/// --input`, a batch's first rows per worker), and checks it as any other result.
@Suite struct InputHandedBackTests {
  static let channels = """
    diagnosis "echo" {
      channels = function(row) return row end,
    }
    """
  static let expression = """
    diagnosis "echo" {
      expression = function(input) return input end,
    }
    """

  /// 20 identical rows (smile 0.5: happiness 75 by `50 + 50·smile`) in a folder with `script`.
  func folder(_ script: String) throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/echo.lua", script)
    try writeFile(dir + "/rows.csv", "smile\n" + String(repeating: "0.5\n", count: 20))
    return dir
  }

  /// The file names and contents a batch wrote to `out`.
  func files(_ dir: String, _ out: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for f in try FileManager.default.contentsOfDirectory(atPath: dir + "/" + out) {
      result[f] = try String(contentsOfFile: dir + "/" + out + "/" + f, encoding: .utf8)
    }
    return result
  }

  @Test func everyRowOfABatchGetsTheTableItsFunctionReturned() throws {
    let dir = try folder(Self.channels)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var byJobs: [[String: String]] = []
    for jobs in ["1", "2"] {
      let r = try psychologist(
        [
          "batch", "echo.lua", "--diagnosis", "echo", "--input", "rows.csv", "--output-dir",
          "j" + jobs, "--jobs", jobs,
        ], in: dir)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(!r.stderr.contains("never read"), "\(r.stderr)")
      let written = try files(dir, "j" + jobs)
      #expect(written.count == 20)
      // Every face smiles by its row's 0.5: the title says happiness 75.
      for (name, svg) in written {
        #expect(svg.contains("happiness 75"), "\(name): \(svg.prefix(200))")
      }
      #expect(Set(written.values).count == 1)
      byJobs.append(written)
    }
    #expect(byJobs[0] == byJobs[1])
    // The same face as a function returning the table written out.
    try writeFile(
      dir + "/fixed.lua",
      "diagnosis \"echo\" { channels = function() return { smile = 0.5 } end }\n")
    let fixed = try psychologist(["show", "fixed.lua", "echo", "--format", "svg"], in: dir)
    #expect(fixed.status == 0 && byJobs[0]["000001.svg"] == fixed.out)
  }

  @Test func showWithAnInputCopiesTheReturnedInputAndChecksIt() throws {
    let dir = try folder(Self.channels)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fine = try psychologist(
      ["show", "echo.lua", "echo", "--input", "smile=0.5", "--format", "svg"], in: dir)
    #expect(fine.status == 0 && fine.out.contains("happiness 75"), "\(fine.stderr)")
    #expect(!fine.stderr.contains("never read"), "\(fine.stderr)")
    let wrong = try psychologist(
      ["show", "echo.lua", "echo", "--input", #"{"smile": 5}"#, "--format", "svg"], in: dir)
    #expect(wrong.status == 1, "\(wrong.stderr)")
    #expect(
      wrong.stderr.contains("echo.lua:2:") && wrong.stderr.contains("smile"), "\(wrong.stderr)")
    #expect(wrong.out.isEmpty)
  }

  @Test func anExpressionFunctionReturningItsInputGivesThatExpression() throws {
    let dir = try folder(Self.expression)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // happiness of a diagnosis without one: its mouth's curve, 50 + 50·mouth.
    let r = try psychologist(
      ["show", "echo.lua", "echo", "--input", "mouth=0.5", "--format", "svg"], in: dir)
    #expect(r.status == 0 && r.out.contains("happiness 75"), "\(r.stderr)")
    let wrong = try psychologist(
      ["show", "echo.lua", "echo", "--input", "mouth=5", "--format", "svg"], in: dir)
    #expect(wrong.status == 1 && wrong.stderr.contains("echo.lua:1:"), "\(wrong.stderr)")
    #expect(wrong.stderr.contains("mouth must be between -1 and 1, got 5"))
  }
}
