// Layers of items moving over time -> one animated SVG document (SMIL `<animate>` and
// `<animateTransform>`, no script) that plays once and then shows a final drawing exactly.

import Geometry

/// Items moved together: their placing sampled evenly over the animation.
public struct AnimatedLayer: Sendable {
  /// The items, in the drawing's points at rest.
  public var items: [Item]
  /// The window the moving items are clipped to (fixed on the screen), if any.
  public var window: Rect?
  /// The placing at evenly spaced moments from the start (first) to the end (last).
  public var track: [Placing]

  /// A layer from its parts.
  public init(items: [Item], window: Rect?, track: [Placing]) {
    self.items = items
    self.window = window
    self.track = track
  }
}

/// Writes animated SVG documents.
public enum SVGAnimation {
  /// Samples of an animation: 21 over 0.35 s is one every 17.5 ms, about a 60 Hz
  /// display's frames; includes the middle (sample 10) and keyTimes exact in hundredths.
  public static let defaultSamples = 21

  /// An SVG document the size of `last` in which the layers move over `duration` seconds,
  /// once; then `last` is shown as it is. `first` gives the title and background. The
  /// document's UTF-8 bytes, as they are written or handed to Lua. A drawing of many items
  /// is long work: `expired` is asked between runs of items, and once it says the caller's
  /// deadline has passed the writing stops with `DrawingStopped`.
  public static func render(
    first: Drawing, layers: [AnimatedLayer], last: Drawing, duration: Double,
    expired: () -> Bool = { false }
  ) throws(DrawingStopped) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(4096 + layers.reduce(0) { $0 + $1.items.count * 80 })
    // One list of clips for the whole document: item clips, layer windows, the last's.
    var clips: [Rect] = []
    func note(_ r: Rect?) { if let r, !clips.contains(r) { clips.append(r) } }
    for layer in layers {
      note(layer.window)
      for item in layer.items { note(item.clip) }
    }
    for item in last.items { note(item.clip) }
    var gradients: [Gradient] = []
    for layer in layers { SVGRenderer.gradients(in: layer.items, adding: &gradients) }
    SVGRenderer.gradients(in: last.items, adding: &gradients)
    SVGRenderer.appendHead(
      width: last.width, height: last.height, title: last.title, clips: clips,
      gradients: gradients, to: &out)
    if let background = first.background { SVGRenderer.appendBackground(background, to: &out) }
    let timing = Timing(duration: duration)
    SVGRenderer.put("<g>\n", &out)
    for layer in layers {
      try appendLayer(layer, clips: clips, timing: timing, expired: expired, to: &out)
    }
    // Hidden from the end on: the moving layers stay under the last drawing, which is
    // drawn whole (its background first), so the end is the still screen exactly.
    appendText(
      "<set attributeName=\"visibility\" to=\"hidden\" begin=\"\(timing.seconds)\" fill=\"freeze\"/>\n</g>\n",
      &out)
    appendText(
      "<g visibility=\"hidden\">\n<set attributeName=\"visibility\" to=\"visible\" begin=\"\(timing.seconds)\" fill=\"freeze\"/>\n",
      &out)
    if let background = last.background { SVGRenderer.appendBackground(background, to: &out) }
    try appendItems(last.items, clips: clips, expired: expired, to: &out)
    SVGRenderer.put("</g>\n</svg>\n", &out)
    return out
  }

  /// The timing attributes every animation shares.
  struct Timing {
    /// `"0.35s"`.
    let seconds: String
    init(duration: Double) {
      seconds = SVGNumber.string(duration > 0 && duration.isFinite ? duration : 0.35) + "s"
    }
  }

  static func appendLayer(
    _ layer: AnimatedLayer, clips: [Rect], timing: Timing, expired: () -> Bool,
    to out: inout [UInt8]
  ) throws(DrawingStopped) {
    let track = layer.track.isEmpty ? [Placing()] : layer.track
    var closing = 0
    func open(_ text: String) {
      appendText(text, &out)
      closing += 1
    }
    if let window = layer.window, let index = clips.firstIndex(of: window) {
      open("<g clip-path=\"url(#c\(index))\">\n")
    }
    let opacities = track.map { max(0, min($0.opacity, 1)) }
    if opacities.contains(where: { $0 != 1 }) {
      open(
        "<g opacity=\"\(number(opacities[0]))\">"
          + animation("<animate attributeName=\"opacity\"", opacities.map(number), timing))
    }
    let offsets = track.map { "\(number($0.dx)) \(number($0.dy))" }
    if track.contains(where: { $0.dx != 0 || $0.dy != 0 }) {
      open(
        "<g transform=\"translate(\(offsets[0]))\">"
          + animation(
            "<animateTransform attributeName=\"transform\" type=\"translate\"", offsets, timing))
    }
    if track.contains(where: { $0.scale != 1 }) {
      // Scale about the anchor: translate(a) scale(s) translate(−a), the middle animated.
      let a = track[0].anchor
      let scales = track.map { number($0.scale) }
      open("<g transform=\"translate(\(number(a.x)) \(number(a.y)))\">\n")
      open(
        "<g transform=\"scale(\(scales[0]))\">"
          + animation(
            "<animateTransform attributeName=\"transform\" type=\"scale\"", scales, timing))
      open("<g transform=\"translate(\(number(-a.x)) \(number(-a.y)))\">\n")
    }
    try appendItems(layer.items, clips: clips, expired: expired, to: &out)
    for _ in 0..<closing { SVGRenderer.put("</g>\n", &out) }
  }

  /// Items written a run of `itemsBetweenLooks` at a time, the deadline looked at before
  /// each: a screen of a few hundred items is one run, as it always was.
  static func appendItems(
    _ items: [Item], clips: [Rect], expired: () -> Bool, to out: inout [UInt8]
  ) throws(DrawingStopped) {
    var start = 0
    repeat {
      if expired() { throw DrawingStopped() }
      let end = min(start + itemsBetweenLooks, items.count)
      SVGRenderer.appendItems(Array(items[start..<end]), clips: clips, to: &out)
      start = end
    } while start < items.count
  }

  /// How many items are written between two looks at the deadline.
  static let itemsBetweenLooks = 4096

  /// An animation element's values and timing: evenly spaced, linear between samples,
  /// once, holding the last value.
  static func animation(_ head: String, _ values: [String], _ timing: Timing) -> String {
    let n = values.count
    let times = (0..<n).map { number(n > 1 ? Double($0) / Double(n - 1) : 0) }
    return
      "\n\(head) values=\"\(values.joined(separator: ";"))\" keyTimes=\"\(times.joined(separator: ";"))\" dur=\"\(timing.seconds)\" calcMode=\"linear\" fill=\"freeze\"/>\n"
  }

  static func number(_ v: Double) -> String { SVGNumber.string(v) }

  static func appendText(_ text: String, _ out: inout [UInt8]) { out.append(contentsOf: text.utf8) }
}
