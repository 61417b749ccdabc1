// TextWidth against what rsvg-convert really draws with the bootstrap's fonts: each of 500
// generated titles is set between two H's ("H" + title + "H"), and the ink from the first
// H's left edge to the last H's right edge, less that of "HH" alone, is the title's advance
// as the renderer laid it out (the H's own side bearings cancel). Three styles, the
// chrome's: the bar title (bold 20), the back button (bold 12), a button (bold 15).

import Foundation
import TestSupport
import Testing

@testable import TextMetrics

/// The ink's horizontal extent (first and last column with a dark pixel) in rows
/// `top..<bottom`, nil when blank.
func inkSpan(_ p: Pixels, top: Int, bottom: Int, left: Int = 0, right: Int? = nil) -> (Int, Int)? {
  var first: Int?
  var last: Int?
  for y in max(top, 0)..<min(bottom, p.height) {
    for x in max(left, 0)..<min(right ?? p.width, p.width) {
      let i = (y * p.width + x) * 3
      if Int(p.rgb[i]) + Int(p.rgb[i + 1]) + Int(p.rgb[i + 2]) < 3 * 160 {
        first = min(first ?? x, x)
        last = max(last ?? x, x)
      }
    }
  }
  guard let first, let last else { return nil }
  return (first, last + 1)
}

@Suite struct AdvanceWidthTests {
  static let families =
    "Helvetica, Arial, Liberation Sans, PingFang SC, Hiragino Sans GB, Microsoft YaHei, "
    + "Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif"

  static func escaped(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }

  @Test(arguments: [(20.0, FontWeight.bold), (12.0, .bold), (15.0, .bold)])
  func measuredWidthsMatchTheDrawnAdvances(size: Double, weight: FontWeight) throws {
    let titles = generatedTitles(500)
    let pitch = Int(size * 2.2)
    let columns = 3
    let columnWidth = Int(size * 20)
    let rows = (titles.count + 1 + columns - 1) / columns
    let width = columns * columnWidth
    let height = rows * pitch
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)">\
      <rect width="\(width)" height="\(height)" fill="white"/>\
      <g font-family="\(Self.families)" font-size="\(Int(size))"\
      \(weight == .bold ? " font-weight=\"bold\"" : "") fill="black">

      """
    // Slot 0 is the "HH" reference; slot i + 1 is title i.
    let lines = ["HH"] + titles.map { "H" + $0 + "H" }
    for (slot, line) in lines.enumerated() {
      let x = (slot % columns) * columnWidth + 10
      let y = (slot / columns) * pitch + Int(size * 1.4)
      svg += "<text x=\"\(x)\" y=\"\(y)\" xml:space=\"preserve\">\(Self.escaped(line))</text>\n"
    }
    svg += "</g></svg>\n"
    let pixels = try rasterize(svg)
    func span(_ slot: Int) -> (Int, Int)? {
      let left = (slot % columns) * columnWidth
      let top = (slot / columns) * pitch
      return inkSpan(pixels, top: top, bottom: top + pitch, left: left, right: left + columnWidth)
    }
    let reference = try #require(span(0))
    let hh = Double(reference.1 - reference.0)
    var checked = 0
    var worst = (0.0, "")
    for (i, title) in titles.enumerated() {
      let measured = TextWidth.of(title, size: size, weight: weight)
      // Only single-line text that fits its column is compared.
      guard measured + 3 * size < Double(columnWidth - 20), let s = span(i + 1) else { continue }
      let drawn = Double(s.1 - s.0) - hh
      let error = abs(drawn - measured)
      if error > worst.0 { worst = (error, title) }
      #expect(
        error <= max(1, 0.02 * drawn),
        "\(title): measured \(measured), drawn \(drawn) at \(size) pt")
      checked += 1
    }
    #expect(checked >= 450, "only \(checked) titles compared")
    print("advance widths at \(size) pt: \(checked) titles, worst \(worst.0) px (\(worst.1))")
  }
}
