// The element writer that the contact sheet and the storyboard canvas write through:
// what it writes is checked by xmllint (well-formed, the text and attributes read back)
// and by librsvg (a group's transform and a nested document's box and crop land where
// they should).

import Foundation
import Geometry
import Render
import TestSupport
import Testing

@Suite struct SVGElementWriterTests {
  /// A square `side` across at the origin.
  func square(_ side: Double, _ fill: String, _ w: inout SVGWriter) {
    w.open("rect")
    w.attribute("width", side)
    w.attribute("height", side)
    w.attribute("fill", fill)
    w.endEmpty()
  }

  /// A 200×100 document: a red square in a group moved by (120, 10) and a nested
  /// document (a blue square at its own 0,0–10,10 of a 20×20 viewBox) in a 40×40 box at
  /// (10, 50), cropped to its top-left quarter: the blue fills the whole box.
  func sample(text: String) -> [UInt8] {
    var inner = SVGWriter()
    inner.startDocument(width: 20, height: 20)
    square(10, "#0000ff", &inner)
    inner.endDocument()
    var w = SVGWriter()
    w.startDocument(width: 200, height: 100, title: text, background: "#ffffff")
    w.startGroup(class: "moved", id: "g-1", transform: "translate(120 10)")
    square(30, "#ff0000", &w)
    w.close()
    w.nest(
      inner.bytes, in: Rect(x: 10, y: 50, width: 40, height: 40),
      crop: Rect(x: 0, y: 0, width: 10, height: 10), class: "key")
    w.open("text")
    w.attribute("x", -5)
    w.attribute("y", 12.345)
    w.attribute(named: "data-said", text)
    w.endText(text)
    w.endDocument()
    return w.bytes
  }

  @Test func writesWellFormedSVGWhateverTheTextHolds() throws {
    let text = "a <b> & \"c\" 'd' \u{1}"
    let svg = String(decoding: sample(text: text), as: UTF8.self)
    #expect(try xmlProblem(svg) == nil)
    func xpath(_ path: String) throws -> String {
      let r = try run(["xmllint", "--xpath", path, "-"], input: Data(svg.utf8))
      // xmllint ends what it prints with a newline of its own.
      let out = String(decoding: r.stdout, as: UTF8.self)
      return out.hasSuffix("\n") ? String(out.dropLast()) : out
    }
    // The control character is no XML: it is replaced; the rest reads back as given.
    let expected = "a <b> & \"c\" 'd' \u{FFFD}"
    #expect(try xpath("string(//*[local-name()='text'])") == expected)
    #expect(try xpath("string(//*[local-name()='text']/@data-said)") == expected)
    #expect(try xpath("string(//*[local-name()='title'])") == expected)
    #expect(try xpath("string(//*[local-name()='g']/@id)") == "g-1")
    #expect(try xpath("string(//*[local-name()='text']/@x)") == "-5")
    #expect(try xpath("string(//*[local-name()='text']/@y)") == "12.35")
    #expect(try xpath("count(//*[local-name()='svg'][@class='key'])") == "1")
  }

  @Test func groupsMoveAndNestedDocumentsFillTheirBoxes() throws {
    let png = try rasterize(String(decoding: sample(text: "t"), as: UTF8.self))
    #expect(png.width == 200 && png.height == 100)
    // The red square, moved by the group's translation.
    #expect(png.at(135, 25).map { $0.r > 200 && $0.g < 60 && $0.b < 60 } == true)
    #expect(png.at(100, 25).map { $0.r > 200 && $0.g > 200 } == true)
    // The crop shows the blue quarter across the whole 40×40 box.
    #expect(png.at(12, 52).map { $0.b > 200 && $0.r < 60 } == true)
    #expect(png.at(47, 87).map { $0.b > 200 && $0.r < 60 } == true)
    #expect(png.at(55, 70).map { $0.b > 200 && $0.r > 200 } == true)
  }

  @Test func closingEndsEveryOpenElementInOrder() {
    var w = SVGWriter()
    w.startDocument(width: 1, height: 1)
    w.startGroup()
    w.startGroup(class: "inner")
    w.endDocument()
    let text = String(decoding: w.bytes, as: UTF8.self)
    #expect(text.hasSuffix("<g class=\"inner\">\n</g>\n</g>\n</svg>\n"))
  }
}
