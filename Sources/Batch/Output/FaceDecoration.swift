// `--background COLOR` and `--row-label`: each row's own SVG made fit to be looked at or
// printed alone, on a background and with its label under the face.

import Geometry
import Readable
import Render
import TextMetrics

/// What a row's own SVG gets beyond its face (the sheet's cells are not touched).
package struct FaceDecoration: Sendable, Equatable {
  /// A colour filling the canvas first.
  package var background: Color?
  /// The row's label (`--label`'s template, else its id) under the face.
  package var label: Bool

  /// A decoration; nil when it would add nothing.
  package init?(background: Color?, label: Bool) {
    if background == nil && !label { return nil }
    self.background = background
    self.label = label
  }

  /// `d` with the background, and with a strip added below the canvas holding `text`
  /// centred (a strip, so the label never covers the face whatever its style or device).
  func apply(_ d: Drawing, label text: String) -> Drawing {
    var out = d
    if let background { out.background = background }
    guard label else { return out }
    let strip = (min(d.width, d.height) * 0.12).rounded()
    let size = (strip * 0.5).rounded()
    // Measured in the fonts it is drawn in; a longer label is cut to the canvas's width.
    let shown = Truncation.truncatingTail(text, toFit: d.width * 0.92, size: size, weight: .regular)
    let width = TextWidth.of(shown, size: size, weight: .regular)
    out.height += strip
    out.items.append(
      Item(
        .text(
          shown, at: Point(d.width / 2 - width / 2, d.height + strip / 2 + size / 3), size: size),
        paint: Paint(
          stroke: nil, fill: background == .black ? .white : .black,
          text: TextStyle(families: TextWidth.families))))
    return out
  }
}
