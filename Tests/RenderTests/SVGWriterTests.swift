// The SVG writer's fast paths: escaping copies clean text in one go and takes the careful
// path otherwise; every write stays within the room it reserves (debug builds assert it).

import Geometry
import Testing

@testable import Render

/// The escaping rules spelled out one scalar at a time: the reference for `appendEscaped`.
func referenceEscaped(_ text: String) -> String {
  var out = ""
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0x26: out += "&amp;"
    case 0x3C: out += "&lt;"
    case 0x3E: out += "&gt;"
    case 0x22: out += "&quot;"
    case 0x27: out += "&apos;"
    case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(scalar)
    case 0..<0x20, 0xFFFE, 0xFFFF: out += "\u{FFFD}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

@Test(arguments: [
  "", "happiness 70", "plain ascii with digits 0123 and ?@[]", "<&>\"'", "tab\tnl\ncr\r",
  "\u{0}\u{7}\u{1F}\u{7F}", "\u{FFFE}\u{FFFF}\u{FFFD}", "\u{F000}\u{EFFF}é中😀",
  "ends with <", String(repeating: "\"", count: 300),
])
func escapingMatchesTheReference(text: String) {
  var bytes: [UInt8] = Array("x".utf8)
  SVGRenderer.appendEscaped(text, to: &bytes)
  #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == referenceEscaped(text))
}

@Test func longestNumbersAndLongShapesFitTheirRoom() {
  let extremes: [Double] = [-1e300, -9_999_999_999_999.99, 1e13, .nan, -0.01, 0]
  let points = (0..<200).map { Point(extremes[$0 % extremes.count], -1e300) }
  let d = Drawing(
    width: 1e300, height: -1e300, title: String(repeating: "&", count: 50),
    items: [
      Item(.polyline(points), clip: Rect(x: -1e300, y: -1e300, width: -1e300, height: 1e300)),
      Item(.cubic(points[0], points[1], points[2], points[3])),
      Item(.text(String(repeating: "'", count: 100), at: points[1], size: 1e300)),
    ])
  let svg = SVGRenderer.render(d)
  let expected = points.map { SVGNumber.string($0.x) + "," + SVGNumber.string($0.y) }
  #expect(svg.contains("<polyline points=\"" + expected.joined(separator: " ") + "\""))
  #expect(SVGNumber.string(-9_999_999_999_999.99).utf8.count == 17)
}
