import Foundation
import TestSupport
import Testing

/// `--at`'s labels never overlap (moved, or left out and counted), and `--face-size` sets
/// the faces' size.
@Suite struct SheetScatterLabelTests {
  func atSheet(_ more: [String]) throws -> String {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let r = try psychologist(
      [
        "batch", packageRoot + "/examples/cars.lua", "--diagnosis", "car", "--input",
        packageRoot + "/examples/mtcars.csv", "--output-dir", "out", "--sheet", "s.svg", "--at",
        "x=wt,y=mpg",
      ] + more, in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    return try String(contentsOfFile: dir + "/s.svg", encoding: .utf8)
  }

  /// The labels: text, x and baseline y.
  func labels(_ svg: String) -> [(String, Double, Double)] {
    svg.components(separatedBy: "<text ").dropFirst().filter { $0.contains("font-size=\"10\"") }
      .map { tag in
        func number(_ name: String) -> Double {
          Double(
            (tag.components(separatedBy: "\(name)=\"").dropFirst().first ?? "").prefix {
              $0 != "\""
            }) ?? .nan
        }
        let text = (tag.components(separatedBy: ">").dropFirst().first ?? "").prefix { $0 != "<" }
        return (String(text), number("x"), number("y"))
      }
  }

  @Test(arguments: [[String](), ["--face-size", "90"]])
  func labelsNeverOverlap(_ more: [String]) throws {
    let svg = try atSheet(more)
    #expect(try xmlProblem(svg) == nil)
    let shown = labels(svg)
    // Every car is shown or counted among those left out.
    let note = svg.components(separatedBy: " left out where").first?.split(separator: ">").last
    let left = note.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
    #expect(shown.count + left == 32, "\(shown.count) shown, \(left) left out")
    // 10-point sans-serif letters are at least 5 points wide on average, 10 high: two
    // labels on near lines must be that far apart across.
    for i in shown.indices {
      for j in shown.indices where j > i {
        let (a, b) = (shown[i], shown[j])
        guard abs(a.2 - b.2) < 10 else { continue }
        let apart = Double(a.0.count + b.0.count) / 2 * 5
        #expect(abs(a.1 - b.1) >= apart, "\(a.0) and \(b.0) overlap")
      }
    }
  }

  @Test func faceSizeSetsTheFacesSize() throws {
    let svg = try atSheet(["--face-size", "60"])
    let widths = svg.components(separatedBy: "<svg x=").dropFirst().map { tag in
      Double(
        (tag.components(separatedBy: " width=\"").dropFirst().first ?? "").prefix {
          $0 != "\""
        }) ?? 0
    }
    #expect(widths.count == 32)
    // The face is 60 across: its document's shorter side (its width) scaled to 60.
    #expect(widths.allSatisfy { $0 == 60 }, "\(Set(widths))")
    let refused = try psychologist(
      [
        "batch", packageRoot + "/examples/cars.lua", "--diagnosis", "car", "--input",
        packageRoot + "/examples/mtcars.csv", "--output-dir", "/tmp", "--sheet", "-",
        "--face-size", "60",
      ])
    #expect(
      refused.status == 2 && refused.stderr.contains("--face-size sizes the faces of an --at"))
  }
}
