// The sheet's text: every line of it (labels, headings, legend, notes) is set in the
// sheet's sans-serif, so one call writes each with its few differences.

import Render

extension SVGWriter {
  /// A `<text>` at `at` (x, y) in sans-serif at `size` pixels: filled with `fill`,
  /// anchored at `anchor` and bold, where given.
  mutating func sheetText<X: SVGAttributeValue, Y: SVGAttributeValue>(
    _ text: String, at: (x: X, y: Y), size: Int, fill: String? = nil, anchor: String? = nil,
    bold: Bool = false
  ) {
    open("text")
    attribute("x", at.x)
    attribute("y", at.y)
    attribute("font-family", "sans-serif")
    attribute("font-size", size)
    if let fill { attribute("fill", fill) }
    if let anchor { attribute("text-anchor", anchor) }
    if bold { attribute("font-weight", "bold") }
    endText(text)
  }
}
