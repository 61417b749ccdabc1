// Gradients in SVG: each distinct gradient of a document is one `<linearGradient>` in its
// `<defs>`, named by what it holds (its stops' colours and places), so a paint can refer to
// it without a table of indices and the same gradient is written once.

extension SVGRenderer {
  /// The distinct gradients the items fill with, in the order first met.
  static func gradients(in items: [Item], adding found: inout [Gradient]) {
    for item in items {
      if let g = item.paint.gradient, !found.contains(g) { found.append(g) }
    }
  }

  /// Writes a gradient's id: the prefix, `g`, then each stop's colour and place in
  /// hundredths (`g-b0bccd-0-6d84a2-100`).
  static func gradientID(_ g: Gradient, _ prefix: [UInt8], _ out: inout [UInt8]) {
    out.append(contentsOf: prefix)
    out.append(0x67)  // g
    for stop in g.stops {
      out.append(0x2D)
      let svg = stop.color.svg
      // `svg` is "#rrggbb" or a name; either is a safe id part without the "#".
      out.append(contentsOf: svg.utf8.filter { $0 != 0x23 })
      out.append(0x2D)
      let place = Int((min(max(stop.offset, 0), 1) * 100).rounded())
      out.append(contentsOf: String(place).utf8)
    }
  }

  /// Appends `<linearGradient>` elements (top to bottom) for `gradients`, inside `<defs>`.
  static func appendGradients(_ gradients: [Gradient], prefix: [UInt8], to out: inout [UInt8]) {
    for g in gradients {
      put("<linearGradient id=\"", &out)
      gradientID(g, prefix, &out)
      put("\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">", &out)
      for stop in g.stops {
        put("<stop offset=\"", &out)
        out.append(contentsOf: SVGNumber.string(min(max(stop.offset, 0), 1)).utf8)
        put("\" stop-color=\"", &out)
        stop.color.appendSVG(to: &out)
        put("\"/>", &out)
      }
      put("</linearGradient>\n", &out)
    }
  }

  /// Appends ` fill="url(#id)"` for a paint's gradient.
  static func appendGradientFill(_ g: Gradient, prefix: [UInt8], to out: inout [UInt8]) {
    put(" fill=\"url(#", &out)
    gradientID(g, prefix, &out)
    put(")\"", &out)
  }

  /// Appends a text's style attributes: its families (`sans-serif` when none is named),
  /// weight and anchor.
  static func appendTextStyle(_ style: TextStyle, to out: inout [UInt8]) {
    if style.families.isEmpty {
      put(" font-family=\"sans-serif\"", &out)
    } else {
      put(" font-family=\"", &out)
      appendEscaped(style.families.joined(separator: ", "), to: &out)
      put("\"", &out)
    }
    if style.bold { put(" font-weight=\"bold\"", &out) }
    if style.anchor == .middle { put(" text-anchor=\"middle\"", &out) }
  }
}
