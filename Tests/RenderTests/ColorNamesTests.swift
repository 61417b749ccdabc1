import Foundation
import Render
import TestSupport
import Testing

/// The colour names a script may write are CSS's: each one draws, through librsvg (whose
/// own table of CSS names is the independent check), the colour our value draws.
@Suite struct ColorNamesTests {
  /// A grid of 10×10 squares, one a name, filled by `fill(name)`.
  private func grid(_ fill: (String) -> String) -> String {
    let names = Color.cssNames.map(\.name)
    var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160">"#
    for (i, name) in names.enumerated() {
      svg +=
        #"<rect x="\#(i % 16 * 10)" y="\#(i / 16 * 10)" width="10" height="10" fill="\#(fill(name))"/>"#
    }
    return svg + "</svg>"
  }

  @Test func everyNameDrawsWhatCSSCallsIt() throws {
    let byName = try rasterize(grid { $0 })
    let byValue = try rasterize(grid { Color(parsing: $0)!.svg })
    for (i, name) in Color.cssNames.map(\.name).enumerated() {
      let x = i % 16 * 10 + 5, y = i / 16 * 10 + 5
      let a = byName.at(x, y), b = byValue.at(x, y)
      #expect(
        a != nil && a! == b!,
        "\(name): CSS draws \(String(describing: a)), ours \(String(describing: b))")
    }
  }

  @Test func theTableHasCSSsNamesEachOnce() {
    let names = Color.cssNames.map(\.name)
    #expect(names.count >= 147)
    #expect(Set(names).count == names.count)
    for name in ["saddlebrown", "dodgerblue", "rebeccapurple", "lightgoldenrodyellow", "grey"] {
      #expect(names.contains(name), "\(name)")
    }
  }

  @Test func namesAreReadInAnyCaseAndHexInBothLengths() {
    #expect(Color(parsing: "SaddleBrown") == Color(r: 0x8b, g: 0x45, b: 0x13))
    #expect(Color(parsing: " dodgerblue ") == Color(r: 0x1e, g: 0x90, b: 0xff))
    #expect(Color(parsing: "#abc") == Color(r: 0xaa, g: 0xbb, b: 0xcc))
    #expect(Color(parsing: "#A0b1C2") == Color(r: 0xa0, g: 0xb1, b: 0xc2))
    #expect(Color(parsing: "saddle brown") == nil)
    #expect(Color(parsing: "#abcd") == nil)
  }
}
