import Foundation
import TestSupport
import Testing

/// The contact sheet of a channel mapping: its legend, `--columns` and `--title`.
@Suite struct SheetLegendTests {
  @Test func legendColumnsAndTitle() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/cars.lua",
      """
      diagnosis "cars" {
        channels = { smile = "mpg", head_width = { column = "wt", reverse = true } },
        ranges = { wt = {1, 6} },
      }
      """)
    try writeFile(dir + "/cars.csv", "mpg,wt\n10,2\n20,3\n30,4\n")
    let r = try psychologist(
      [
        "batch", "cars.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "o",
        "--sheet", "sheet.svg", "--columns", "2", "--title", "Cars & faces", "--label",
        "{mpg} mpg · row {row}{{x}}",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try String(contentsOfFile: dir + "/sheet.svg", encoding: .utf8)
    #expect(try xmlProblem(svg) == nil)
    // By hand: mpg scanned 10…30; wt declared 1…6; the channels in the README's order.
    let head = svg.range(of: "head_width 0…1 ← wt, reversed (1 … 6)")
    let smile = svg.range(of: "smile −1…1 ← mpg (10 … 30)")
    #expect(head != nil && smile != nil)
    if let head, let smile { #expect(head.lowerBound < smile.lowerBound) }
    #expect(svg.contains(">Cars &amp; faces</text>"))
    #expect(svg.contains(">30 mpg · row 3{x}</text>"))
    // Two faces a row, 160 wide each.
    #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\""))
    // Without channels, no legend.
    try writeFile(dir + "/plain.lua", "diagnosis \"cars\" { happiness = 50 }\n")
    _ = try psychologist(
      [
        "batch", "plain.lua", "--diagnosis", "cars", "--input", "cars.csv", "--output-dir", "p",
        "--sheet", "plain.svg",
      ], in: dir)
    let plain = try String(contentsOfFile: dir + "/plain.svg", encoding: .utf8)
    #expect(!plain.contains("channels ← columns"))
  }
}
