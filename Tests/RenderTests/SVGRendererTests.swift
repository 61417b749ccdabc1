// SVG output: structure, determinism, escaping, and validity with xmllint.

import Foundation
import Geometry
import TestSupport
import Testing

@testable import Render

/// A drawing using every kind of shape, paint and a clip.
func sampleDrawing(title: String? = "sample") -> Drawing {
  let red = Paint(stroke: Color(r: 255, g: 0, b: 0), lineWidth: 2.5)
  let filled = Paint(
    stroke: nil, lineWidth: 1, fill: Color(r: 0x12, g: 0x34, b: 0x56), opacity: 0.5)
  let clip = Rect(x: 10, y: 10, width: 100, height: 50)
  return Drawing(
    width: 200, height: 100, title: title, background: .white,
    items: [
      Item(.circle(center: Point(50, 50), radius: 20), paint: red),
      Item(.ellipse(center: Point(100, 50), rx: 30, ry: 10), paint: red),
      Item(.line(Point(0, 0), Point(200, 100)), paint: red, clip: clip),
      Item(.cubic(Point(10, 90), Point(60, 60), Point(140, 60), Point(190, 90))),
      Item(.polyline([Point(1, 2), Point(3, -4), Point(5.375, 6)])),
      Item(.rect(Rect(x: 150, y: 80, width: -20, height: 10)), paint: filled),
      Item(.text("Happiness <&>", at: Point(5, 15), size: 12), paint: Paint(stroke: .blue)),
      Item(
        .circle(center: Point(1, 1), radius: -3), paint: red,
        clip: Rect(x: 0, y: 0, width: 5, height: 5)),
    ])
}

@Test func documentIsCompleteMinimalAndValid() throws {
  let svg = SVGRenderer.render(sampleDrawing())
  #expect(
    svg.hasPrefix(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\" viewBox=\"0 0 200 100\">\n"
    ))
  #expect(svg.hasSuffix("</svg>\n"))
  for element in [
    "<circle ", "<ellipse ", "<line ", "<path d=\"M10 90C60 60 140 60 190 90\"",
    "<polyline points=\"1,2 3,-4 5.38,6\"", "<rect x=\"130\" y=\"80\" width=\"20\" height=\"10\"",
    "<text ",
  ] {
    #expect(svg.contains(element), "missing \(element)")
  }
  #expect(svg.contains("<title>sample</title>"))
  #expect(svg.contains("stroke=\"red\" stroke-width=\"2.5\" stroke-linecap=\"round\""))
  #expect(svg.contains("fill=\"#123456\""))
  #expect(svg.contains("opacity=\"0.5\""))
  #expect(svg.contains("Happiness &lt;&amp;&gt;</text>"))
  #expect(
    svg.contains(
      "<clipPath id=\"c0\"><rect x=\"10\" y=\"10\" width=\"100\" height=\"50\"/></clipPath>"))
  #expect(svg.contains("clip-path=\"url(#c0)\""))
  #expect(svg.contains("clip-path=\"url(#c1)\""))
  #expect(svg.contains("r=\"0\""), "a negative radius must not reach the document")
  #expect(!svg.contains("r=\"-"))
  #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
  #expect(try xmlProblem(svg) == nil)
}

@Test func sharedPaintIsGroupedAndStrokesAreNotFilled() {
  let paint = Paint(stroke: .blue, lineWidth: 5)
  let d = Drawing(
    width: 10, height: 10,
    items: [
      Item(.circle(center: Point(5, 5), radius: 4), paint: paint),
      Item(.line(Point(0, 0), Point(1, 1)), paint: paint),
    ])
  let svg = SVGRenderer.render(d)
  #expect(
    svg.contains(
      "<g fill=\"none\" stroke=\"blue\" stroke-width=\"5\" stroke-linecap=\"round\">\n<circle cx=\"5\" cy=\"5\" r=\"4\"/>\n<line x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"/>\n</g>\n"
    ))
}

@Test func outputIsDeterministicAndAppendMatchesRender() {
  let d = sampleDrawing()
  var bytes: [UInt8] = Array("prefix".utf8)
  SVGRenderer.append(d, to: &bytes)
  #expect(Array(bytes.dropFirst(6)) == Array(SVGRenderer.render(d).utf8))
  #expect(SVGRenderer.render(d) == SVGRenderer.render(sampleDrawing()))
}

@Test func anyTitleKeepsTheDocumentValid() throws {
  let invalidUTF8 = String(
    decoding: [0x61, 0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x62] as [UInt8], as: UTF8.self)
  let titles = [
    "<&>\"'", "line\nbreak\ttab\r", "bell\u{07}nul\u{00}esc\u{1B}", invalidUTF8,
    "\u{FFFE}\u{FFFF}\u{FFFD}", "]]><!--", "Ünïcödé 😀 中文", String(repeating: "&", count: 1000),
  ]
  for title in titles {
    let svg = SVGRenderer.render(
      Drawing(
        width: 10, height: 10, title: title,
        items: [
          Item(.text(title, at: Point(1, 9), size: 8))
        ]))
    #expect(try xmlProblem(svg) == nil, "title \(title.debugDescription)")
  }
  let svg = SVGRenderer.render(Drawing(width: 1, height: 1, title: "<&>\"'"))
  #expect(svg.contains("<title>&lt;&amp;&gt;&quot;&apos;</title>"))
}

@Test func xmllintCatchesBrokenDocuments() throws {
  // The validity checks above can fail: an unescaped title is caught.
  #expect(
    try xmlProblem("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>a & b</title></svg>") != nil)
}

@Test func nonFiniteAndNegativeNumbersStayValid() throws {
  let d = Drawing(
    width: -5, height: .nan,
    items: [
      Item(.circle(center: Point(.nan, .infinity), radius: -.infinity)),
      Item(
        .ellipse(center: Point(1, 1), rx: -1, ry: .nan),
        paint: Paint(stroke: .black, lineWidth: -2, opacity: .nan)),
    ])
  let svg = SVGRenderer.render(d)
  #expect(!svg.contains("nan") && !svg.contains("inf") && !svg.contains("e+"))
  #expect(svg.contains("width=\"0\" height=\"0\""))
  #expect(try xmlProblem(svg) == nil)
}

@Test func colorsParseAndPrint() {
  #expect(Color(parsing: "blue") == Color.blue)
  #expect(Color(parsing: " Grey ") == Color(r: 128, g: 128, b: 128))
  #expect(Color(parsing: "GREEN") == Color(r: 0, g: 128, b: 0))
  #expect(Color(parsing: "#0f8") == Color(r: 0, g: 0xFF, b: 0x88))
  #expect(Color(parsing: "#A0b1C2") == Color(r: 0xA0, g: 0xB1, b: 0xC2))
  for bad in ["", "#", "#12", "#12345", "#1234567", "#ggg", "bleu", "blue1", "rgb(0,0,0)"] {
    #expect(Color(parsing: bad) == nil, "\(bad)")
  }
  let names = [
    "black", "white", "red", "green", "blue", "yellow", "orange", "purple", "pink",
    "brown", "gray", "cyan", "magenta", "navy", "teal",
  ]
  for name in names {
    #expect(Color(parsing: name)?.svg == name)
  }
  #expect(Color(parsing: "grey")?.svg == "gray")
  #expect(Color(r: 1, g: 2, b: 254).svg == "#0102fe")
  #expect(Color(parsing: "orange") == Color(r: 255, g: 165, b: 0))
  #expect(Color(parsing: "pink") == Color(r: 255, g: 192, b: 203))
}

/// An id prefix renames every clip id and every reference to it: the document draws the
/// same pixels (the clips still apply) and holds no unprefixed id.
@Test func idPrefixRenamesClipsAndTheirReferences() throws {
  var bytes: [UInt8] = []
  SVGRenderer.append(sampleDrawing(), to: &bytes, idPrefix: "r7")
  let prefixed = String(decoding: bytes, as: UTF8.self)
  let plain = SVGRenderer.render(sampleDrawing())
  #expect(prefixed.contains("<clipPath id=\"r7c0\">"))
  #expect(prefixed.contains("clip-path=\"url(#r7c1)\""))
  #expect(!prefixed.contains("\"c0\"") && !prefixed.contains("#c0)"))
  #expect(try xmlProblem(prefixed) == nil)
  let a = try rasterize(prefixed), b = try rasterize(plain)
  #expect(a.differences(from: b, tolerance: 0) == 0)
  // The clipped line would cross (150, 75) unclipped: the clip keeps it out of the pixels.
  #expect(!a.has((255, 0, 0), near: 150, 75))
}
